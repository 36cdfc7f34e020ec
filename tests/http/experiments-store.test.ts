// Experiments on a real store, SQLite (the quick tier); the same suite on PostgreSQL: experiments-store-postgres.test.ts.
import { experimentsStoreSuite } from "./experiments-store-suite";

experimentsStoreSuite("sqlite");
