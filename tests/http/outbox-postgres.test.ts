// The outbox on the run's PostgreSQL (the `processes` project, tests/postgres-setup.ts).
import { outboxLoadSuite } from "./outbox-load-suite";
import { outboxRetriesSuite } from "./outbox-retries-suite";

outboxRetriesSuite("postgres");
outboxLoadSuite("postgres");
