// The outbox on SQLite (the quick tier); the same suites on PostgreSQL: outbox-postgres.test.ts.
import { outboxLoadSuite } from "./outbox-load-suite";
import { outboxRetriesSuite } from "./outbox-retries-suite";

outboxRetriesSuite("sqlite");
outboxLoadSuite("sqlite");
