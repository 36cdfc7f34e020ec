// Erasure reaches the CRM on the run's PostgreSQL (the `processes` project, tests/postgres-setup.ts).
import { erasureSuite } from "./erasure-suite";

erasureSuite("postgres");
