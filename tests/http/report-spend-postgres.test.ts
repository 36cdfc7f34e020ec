// Spend in the report on the run's PostgreSQL (the `processes` project).
import { reportSpendSuite } from "./report-spend-suite";

reportSpendSuite("postgres");
