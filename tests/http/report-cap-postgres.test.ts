// A breakdown by day and another level, cut to its last days (decision 129), on the run's PostgreSQL (the `processes` project).
import { reportCapSuite } from "./report-cap-suite";

reportCapSuite("postgres");
