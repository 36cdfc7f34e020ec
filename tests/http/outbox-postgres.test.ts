// The outbox and Google Ads' file on the run's PostgreSQL (the `processes` project, tests/postgres-setup.ts).
import { googleConversionsSuite } from "./google-conversions-suite";
import { outboxLoadSuite } from "./outbox-load-suite";
import { outboxRetriesSuite } from "./outbox-retries-suite";

outboxRetriesSuite("postgres");
outboxLoadSuite("postgres");
googleConversionsSuite("postgres");
