// The lead store on the run's PostgreSQL (the `processes` project, tests/postgres-setup.ts).
import pg from "pg";
import { describe, expect, it } from "vitest";
import { isUnavailable } from "../../src/server/ledger/engine";
import { whenPostgresReady } from "../postgres";
import { storeSuite } from "./store-suite";

storeSuite("postgres");

/** The error PostgreSQL itself gives for `sql` on a connection of its own (null when it succeeds). */
async function errorOf(...sql: string[]): Promise<unknown> {
  await whenPostgresReady(process.env.XIA_TEST_PG_DIR!);
  const client = new pg.Client({ connectionString: process.env.XIA_TEST_PG_URL });
  await client.connect();
  try {
    for (const statement of sql) await client.query(statement);
    return null;
  } catch (error) {
    return error;
  } finally {
    await client.end();
  }
}

// A statement PostgreSQL cancels at the pool's statement_timeout or lock_timeout (engine.ts) is the
// database not answering in time: the report and the API answer 503 "try again in a minute", not
// a 500 for a bug (a year of spend by ad and day passed the 10 s limit once on a loaded machine).
describe("PostgreSQL's own timeouts are the store not answering (503), a bad statement is not", () => {
  it("statement_timeout (57014) and lock_timeout (55P03) are unavailable; a syntax error is a bug", async () => {
    const cancelled = await errorOf("set statement_timeout = 20", "select pg_sleep(2)");
    expect((cancelled as { code?: string }).code).toBe("57014");
    expect(isUnavailable(cancelled)).toBe(true);

    const holder = new pg.Client({ connectionString: process.env.XIA_TEST_PG_URL });
    await holder.connect();
    try {
      await holder.query("create table if not exists lock_probe (id int)");
      await holder.query("begin");
      await holder.query("lock table lock_probe in access exclusive mode");
      const locked = await errorOf("set lock_timeout = 20", "select * from lock_probe");
      expect((locked as { code?: string }).code).toBe("55P03");
      expect(isUnavailable(locked)).toBe(true);
    } finally {
      await holder.query("rollback");
      await holder.query("drop table if exists lock_probe");
      await holder.end();
    }

    const bug = await errorOf("selec 1");
    expect((bug as { code?: string }).code).toBe("42601");
    expect(isUnavailable(bug)).toBe(false);
  });
});
