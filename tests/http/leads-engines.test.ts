// The sales redirect on SQLite (the quick tier); the same suite on PostgreSQL: leads-engines-postgres.test.ts.
import { leadsOnEngine } from "./leads-engines-suite";

leadsOnEngine("sqlite");
