/**
 * Global setup of the `processes` project: one PostgreSQL for the run (tests/postgres.ts), its URL
 * in XIA_TEST_PG_URL for every test file (and the servers they spawn); stopped at the end, when
 * tests failed too. It starts in the background (about 1.5 s of initdb and start beside the first
 * tests): tests/http/store-fixture.ts waits for it before its first database. If it cannot start,
 * every PostgreSQL test fails with the reason: they are never skipped.
 */
import { startPostgresInBackground } from "./postgres";

export default function setup(): () => Promise<void> {
  const postgres = startPostgresInBackground();
  process.env.XIA_TEST_PG_URL = postgres.url;
  process.env.XIA_TEST_PG_DIR = postgres.dir;
  return async () => {
    await postgres.settled;
    postgres.stop();
  };
}
