// The lead report on the run's PostgreSQL (the `processes` project, tests/postgres-setup.ts).
import { reportSuite } from "./report-suite";

reportSuite("postgres");
