// Spend in the report on SQLite (the quick tier); on PostgreSQL: report-spend-postgres.test.ts.
import { reportSpendSuite } from "./report-spend-suite";

reportSpendSuite("sqlite");
