// Another connection holds the write lock, on the run's PostgreSQL (the `processes` project).
import { storeLockSuite } from "./store-lock-suite";

storeLockSuite("postgres");
