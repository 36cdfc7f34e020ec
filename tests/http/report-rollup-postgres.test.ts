// The report's sums kept by the writes (decision 106) on the run's PostgreSQL (the `processes` project).
import { reportRollupSuite } from "./report-rollup-suite";

reportRollupSuite("postgres");
