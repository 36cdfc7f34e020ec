// Erasure reaches the CRM on SQLite (the quick tier); the same suite on PostgreSQL: erasure-postgres.test.ts.
import { erasureSuite } from "./erasure-suite";

erasureSuite("sqlite");
