// The lead report on SQLite (the quick tier); the same suite on PostgreSQL: report-postgres.test.ts.
import { reportSuite } from "./report-suite";

reportSuite("sqlite");
