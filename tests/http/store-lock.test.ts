// Another connection holds the write lock, on SQLite (the quick tier); PostgreSQL: store-lock-postgres.test.ts.
import { storeLockSuite } from "./store-lock-suite";

storeLockSuite("sqlite");
