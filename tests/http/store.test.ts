// The lead store on SQLite (the quick tier); the same suite on PostgreSQL: store-postgres.test.ts.
import { storeSuite } from "./store-suite";

storeSuite("sqlite");
