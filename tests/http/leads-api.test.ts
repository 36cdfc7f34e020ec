// The outcomes API on SQLite (the quick tier); on PostgreSQL: leads-api-postgres.test.ts.
import { leadsApiSuite } from "./leads-api-suite";

leadsApiSuite("sqlite");
