/**
 * Global setup of the `processes` project: one PostgreSQL for the run (tests/postgres.ts), its URL
 * in XIA_TEST_PG_URL for every test file (and the servers they spawn); stopped at the end, when
 * tests failed too. If it cannot start, the run fails: the PostgreSQL tests are never skipped.
 */
import { startPostgres } from "./postgres";

export default function setup(): () => void {
  const postgres = startPostgres();
  process.env.XIA_TEST_PG_URL = postgres.url;
  process.env.XIA_TEST_PG_DIR = postgres.dir;
  return () => postgres.stop();
}
