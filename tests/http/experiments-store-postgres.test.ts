// Experiments on the run's PostgreSQL (the `processes` project, tests/postgres-setup.ts).
import { experimentsStoreSuite } from "./experiments-store-suite";

experimentsStoreSuite("postgres");
