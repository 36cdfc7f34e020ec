// The report's sums kept by the writes (decision 106) on SQLite; on PostgreSQL: report-rollup-postgres.test.ts.
import { reportRollupSuite } from "./report-rollup-suite";

reportRollupSuite("sqlite");
