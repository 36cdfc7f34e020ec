// A breakdown by day and another level, cut to its last days (decision 129), on SQLite.
import { reportCapSuite } from "./report-cap-suite";

reportCapSuite("sqlite");
