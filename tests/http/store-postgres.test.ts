// The lead store on the run's PostgreSQL (the `processes` project, tests/postgres-setup.ts).
import { storeSuite } from "./store-suite";

storeSuite("postgres");
