/**
 * A lead store per test on either engine (decision 068), for every test that needs the ledger:
 * SQLite in a temporary directory (the `http` project), or a fresh database on the run's PostgreSQL
 * (tests/postgres-setup.ts, the `processes` project only: the quick tier spawns nothing). Write a
 * suite once as `(engine) => describe(…)` and call it from one file per engine (see store.test.ts
 * and store-postgres.test.ts).
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import pg from "pg";
import { createDatabase, type DatabaseSettings, type Engine } from "../../src/server/ledger/engine";
import { openDatabase } from "../../src/server/ledger/migrate";
import { createLedger, type Ledger, type StoreOptions } from "../../src/server/ledger/store";
import type { NewLead } from "../../src/server/ledger/types";
import { whenPostgresReady } from "../postgres";

export type { Engine };
export const ENGINES: readonly Engine[] = ["sqlite", "postgres"];

/** Settings for an empty database of that engine (not migrated); `dispose` removes it. */
export async function emptyDatabase(engine: Engine): Promise<{ settings: DatabaseSettings; dispose(): void }> {
  if (engine === "sqlite") {
    const dataDir = mkdtempSync(join(tmpdir(), "xia-test-sqlite-"));
    return {
      settings: { databaseUrl: null, dataDir, ...PATIENT },
      dispose: () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const admin = process.env.XIA_TEST_PG_URL;
  if (!admin)
    throw new Error(
      "XIA_TEST_PG_URL is not set: PostgreSQL tests run in the `processes` project (tests/postgres-setup.ts)",
    );
  await whenPostgresReady(process.env.XIA_TEST_PG_DIR!);
  const name = `t_${randomBytes(6).toString("hex")}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  try {
    await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
  return {
    settings: { databaseUrl: admin.replace(/\/postgres$/, `/${name}`), dataDir: "./data", ...PATIENT },
    dispose: () => {},
  };
}

/** A test machine can be very busy: tests that are not about timeouts wait long for a connection or lock. */
const PATIENT = { busyTimeoutMs: 5000, connectTimeoutMs: 10_000 };

let fileDatabase: Promise<DatabaseSettings> | undefined;

/**
 * A migrated store with no rows; close() also removes a SQLite directory. SQLite: a new file each
 * time. PostgreSQL: this test file's database (created and migrated once), emptied (creating a
 * database takes most of a second on a busy machine). Its writes wait up to 10 s unless `options`
 * says otherwise (the 250 ms default is the live site's, which store-down tests keep).
 */
export async function openTestStore(engine: Engine, given: StoreOptions = {}): Promise<Ledger> {
  const options: StoreOptions = { timeoutMs: 10_000, ...given };
  if (engine === "postgres") {
    fileDatabase ??= emptyDatabase(engine).then(async ({ settings }) => {
      await (await openDatabase(settings)).close();
      return settings;
    });
    const database = createDatabase(await fileDatabase);
    await sql`truncate leads, lead_events, deliveries, spend, spend_names, spend_months, spend_days, google_file_fetches restart identity cascade`.execute(
      database.db,
    );
    return createLedger(database, options);
  }
  const { settings, dispose } = await emptyDatabase(engine);
  const store = createLedger(await openDatabase(settings), options);
  const close = store.close;
  // The same object (databaseOf(store) finds its database), closing also removes the directory.
  store.close = async () => {
    await close();
    dispose();
  };
  return store;
}

/** A lead as the redirect would hand it over; `overrides` change any field. */
export function sampleLead(overrides: Partial<NewLead> = {}): NewLead {
  return {
    lang: "pt",
    path: "/segmentos/odontologia",
    segment: "odontologia",
    variant: "implante",
    plan: null,
    utm: { source: "google", medium: "cpc", campaign: "odonto-sp", term: null, content: null },
    clicks: null,
    ...overrides,
  };
}
