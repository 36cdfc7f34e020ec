/**
 * Another connection holds the write lock (a second worker's prune batch, an operator's `sqlite3`,
 * a long PostgreSQL transaction): issue 35 item 6, decision 086. The same suite on SQLite
 * (store-lock.test.ts) and PostgreSQL (store-lock-postgres.test.ts).
 * - /healthz and pages answer while a sales click waits for the lock (SQLite's driver used to wait
 *   on the event loop: busy_timeout stopped every request of the process);
 * - a lead that cannot commit within the redirect's wait is not stored at all: the visitor got no
 *   code, so nothing may reach the ledger or the CRM (it used to commit once the lock was released).
 */
import { join } from "node:path";
import Sqlite from "libsql";
import pg from "pg";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../src/server/app";
import { loadConfig } from "../../src/server/config";
import { SQLITE_FILE, type DatabaseSettings } from "../../src/server/ledger/engine";
import { openDatabase } from "../../src/server/ledger/migrate";
import { createLedger, type Ledger } from "../../src/server/ledger/store";
import { readLocation } from "./follow-sales";
import { emptyDatabase, sampleLead, type Engine } from "./store-fixture";
import { BROWSER_UA } from "../fixtures";

const EVER = { from: new Date("2000-01-01T00:00:00Z"), to: new Date("2100-01-01T00:00:00Z") };
const NAVIGATION = { "User-Agent": BROWSER_UA, "Sec-Fetch-Mode": "navigate", "Sec-Fetch-Dest": "document" };

/** A second connection that takes the write lock and lets it go. */
interface Locker {
  hold(): Promise<void>;
  release(): Promise<void>;
  /** Resolves once every write that waited for the lock has ended (committed or rolled back). */
  settled(): Promise<void>;
  close(): Promise<void>;
}

function locker(settings: DatabaseSettings): Locker {
  if (!settings.databaseUrl) {
    const file = new Sqlite(join(settings.dataDir, SQLITE_FILE));
    return {
      hold: async () => void file.exec("BEGIN IMMEDIATE"),
      release: async () => void file.exec("ROLLBACK"),
      // SQLite: the ledger's one connection runs one thing at a time; its next write comes after.
      settled: async () => {},
      close: async () => void file.close(),
    };
  }
  const client = new pg.Client({ connectionString: settings.databaseUrl });
  const connected = client.connect();
  return {
    hold: async () => {
      await connected;
      await client.query("begin");
      await client.query("lock table leads in exclusive mode");
    },
    release: async () => void (await client.query("rollback")),
    // The strongest lock waits until every transaction that inserted a lead has ended.
    settled: async () => {
      await client.query("begin");
      await client.query("lock table leads in access exclusive mode");
      await client.query("rollback");
    },
    close: () => client.end(),
  };
}

export function storeLockSuite(engine: Engine) {
  describe(`another connection holds the write lock (${engine})`, { timeout: 30_000 }, () => {
    let settings: DatabaseSettings;
    let dispose = () => {};
    let store: Ledger;
    let lock: Locker;
    /** Resolves when the redirect has asked the ledger for a lead (the click is waiting on the lock). */
    let asked: Promise<void>;
    beforeAll(async () => {
      ({ settings, dispose } = await emptyDatabase(engine));
      // Patient writes (5 s): the sales click waits for the lock, as long as the redirect lets it.
      store = createLedger(await openDatabase(settings), { timeoutMs: 10_000 });
      lock = locker(settings);
    });
    afterAll(async () => {
      await lock?.close();
      await store?.close();
      dispose();
    });
    const appWaiting = (salesCommitWaitMs: number) => {
      let signal = () => {};
      asked = new Promise((resolve) => (signal = resolve));
      const watched: Ledger = {
        ...store,
        createLead: (lead, now, waitMs) => {
          signal();
          return store.createLead(lead, now, waitMs);
        },
      };
      const config = loadConfig({ SALES_WHATSAPP: "5511987654321", SITE_URL: "https://www.xia.test" });
      return createApp({ config, store: watched, salesCommitWaitMs });
    };

    it("/healthz and a page answer while a sales click waits; the click gets its code once the lock is free", async () => {
      const app = appWaiting(8_000);
      await lock.hold();
      let salesAnswered = false;
      const sales = request(app)
        .get("/sales?page=/")
        .set(NAVIGATION)
        .redirects(0)
        .then((res) => ((salesAnswered = true), res));
      await asked;
      const [health, page] = await Promise.all([request(app).get("/healthz"), request(app).get("/")]);
      expect([health.status, page.status]).toEqual([200, 200]);
      expect(salesAnswered, "the click still waits for the lock").toBe(false);
      await lock.release();
      const { code } = readLocation((await sales).headers.location);
      expect(code).not.toBeNull();
      expect((await store.exportLeads(EVER.from, EVER.to)).map((l) => l.code)).toContain(code);
    });

    it("a lead that misses the redirect's wait is not stored: no code for the visitor, no row, nothing queued", async () => {
      const before = (await store.exportLeads(EVER.from, EVER.to)).length;
      const app = appWaiting(200);
      await lock.hold();
      const res = await request(app).get("/sales?page=/").set(NAVIGATION).redirects(0);
      expect(res.status).toBe(303);
      expect(readLocation(res.headers.location).code).toBeNull();
      await lock.release();
      await lock.settled();
      // Through the ledger's own connection: after whatever it still had on its way.
      await store.createLead(sampleLead(), new Date(), 10_000);
      expect(await store.exportLeads(EVER.from, EVER.to)).toHaveLength(before + 1);
    });
  });
}
