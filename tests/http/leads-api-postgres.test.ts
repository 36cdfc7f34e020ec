// The outcomes API on the run's PostgreSQL (the `processes` project).
import { leadsApiSuite } from "./leads-api-suite";

leadsApiSuite("postgres");
