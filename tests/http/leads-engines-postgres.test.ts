// The sales redirect on the run's PostgreSQL (the `processes` project, tests/postgres-setup.ts).
import { leadsOnEngine } from "./leads-engines-suite";

leadsOnEngine("postgres");
