// Google Ads' conversion file on SQLite (the quick tier); on PostgreSQL: outbox-postgres.test.ts.
import { googleConversionsSuite } from "./google-conversions-suite";

googleConversionsSuite("sqlite");
