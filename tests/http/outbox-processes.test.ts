/**
 * The outbox across processes (issue 32, decision 075): a worker process killed (SIGKILL) in the
 * middle of a batch loses nothing once a new one runs, and sends again at most the request that
 * was in flight, with the same Idempotency-Key; two worker processes on one database (SQLite or PostgreSQL) never send
 * one event twice. Each worker is tests/http/outbox-child.ts, ended even when a test fails.
 */
import type { ChildProcess } from "node:child_process";
import { build } from "esbuild";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { killGroup, spawnTracked, startBuiltSite, type Started } from "../../scripts/lib";
import type { Engine } from "../../src/server/ledger/engine";
import { freshDatabase, WEBHOOK_SECRET, type OutboxDatabase } from "./outbox-harness";
import { seedEvents } from "./outbox-seed";
import { startStandIn, type StandIn } from "./stand-in";

const ok = { status: 200, body: '{"events_received":1}' };
let standIn: StandIn;
const running = new Set<ChildProcess>();
/** The worker bundled once, as dist/server.js is (decision 082): node starts it far sooner than tsx. */
const CHILD = "node_modules/.cache/xia/outbox-child.mjs";
beforeAll(async () => {
  standIn = await startStandIn();
  await build({
    entryPoints: ["tests/http/outbox-child.ts"],
    bundle: true,
    platform: "node",
    format: "esm",
    external: ["libsql", "pg"],
    outfile: CHILD,
    logLevel: "error",
  });
});
afterAll(() => standIn.close());
afterEach(() => {
  for (const proc of running) killGroup(proc);
  running.clear();
});

/** A worker process on `db`, sending to the stand-in (the webhook, or Meta in batches of 5). */
function startWorker(
  db: OutboxDatabase,
  to: "webhook" | "meta",
): { proc: ChildProcess; exited: Promise<number | null> } {
  const destination =
    to === "webhook"
      ? { LEADS_WEBHOOK_URL: `${standIn.url}/hook`, LEADS_WEBHOOK_SECRET: WEBHOOK_SECRET }
      : { META_PIXEL_ID: "1234567890", META_CAPI_TOKEN: "EAAGtesttoken0123456789", META_CAPI_URL: standIn.url };
  const proc = spawnTracked(process.execPath, [CHILD], {
    env: {
      PATH: process.env.PATH,
      NODE_EXTRA_CA_CERTS: standIn.caFile,
      XIA_TEST_DATABASE_URL: db.settings.databaseUrl ?? "",
      XIA_TEST_DATA_DIR: db.settings.dataDir,
      OUTBOX_TEST_LEASE_MS: "1000",
      ...destination,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  running.add(proc);
  const exited = new Promise<number | null>((done) => proc.once("exit", (code) => done(code)));
  return { proc, exited };
}

/** Resolves once the stand-in has accepted every key. */
const allAccepted = (keys: string[]) =>
  standIn.until(() => {
    const accepted = standIn.accepted();
    return keys.every((k) => accepted.has(k));
  });

describe.each<Engine>(["sqlite", "postgres"])("outbox workers on %s", (engine) => {
  let db: OutboxDatabase;
  afterEach(() => db?.drop());

  it("killed in the middle of a batch: nothing lost after a restart, at most the request in flight again", async () => {
    db = await freshDatabase(engine);
    const codes = await seedEvents(db.db, 12, { destinations: ["webhook"], at: new Date() });
    const keys = codes.map((code) => `xia.${code}.qualified`);
    let arrived!: () => void;
    const sixth = new Promise<void>((done) => (arrived = done));
    standIn.received.length = 0;
    standIn.respond = () => (standIn.received.length === 6 ? (arrived(), "hang") : ok);
    const first = startWorker(db, "webhook");
    await sixth;
    killGroup(first.proc);
    await first.exited;
    standIn.respond = () => ok;
    const second = startWorker(db, "webhook");
    await allAccepted(keys);
    second.proc.kill("SIGTERM");
    expect(await second.exited).toBe(0);
    const received = standIn.received.flatMap((r) => r.keys);
    const twice = keys.filter((k) => received.filter((r) => r === k).length > 1);
    expect(twice.length).toBeLessThanOrEqual(1);
    expect(twice).toEqual(twice.length ? [standIn.received[5].keys[0]] : []);
    expect([...standIn.accepted().values()].every((n) => n === 1)).toBe(true);
  });

  it("two worker processes never send one event twice", async () => {
    db = await freshDatabase(engine);
    const codes = await seedEvents(db.db, 200, { destinations: ["meta"], at: new Date() });
    standIn.received.length = 0;
    standIn.respond = () => new Promise((done) => setTimeout(() => done(ok), 10));
    const workers = [startWorker(db, "meta"), startWorker(db, "meta")];
    await allAccepted(codes.map((c) => `${c}.qualified`));
    for (const w of workers) w.proc.kill("SIGTERM");
    expect(await Promise.all(workers.map((w) => w.exited))).toEqual([0, 0]);
    const received = standIn.received.flatMap((r) => r.keys);
    expect(received).toHaveLength(200);
    expect(new Set(received).size).toBe(200);
  });
});

describe("the built server", () => {
  let db: OutboxDatabase;
  let site: (Started & { exited: Promise<number | null> }) | undefined;
  afterEach(async () => {
    if (site) killGroup(site.proc);
    await db?.drop();
  });

  it("enqueues an outcome in its transaction, its workers deliver it once, and it stops cleanly", async () => {
    db = await freshDatabase("sqlite");
    await seedEvents(db.db, 1, { destinations: [], at: new Date() });
    // A code the API accepts (the seed's digits include 0 and 1, which lead codes leave out).
    const code = "K7QMPR3X";
    await db.db.updateTable("leads").set({ code }).execute();
    standIn.received.length = 0;
    standIn.respond = () => ok;
    const token = "api-token-3f9a1c7e5b2d8046aa19c3e7";
    site = await startBuiltSite(
      {
        DATA_DIR: db.settings.dataDir,
        WEB_CONCURRENCY: "2",
        LEADS_API_TOKEN: token,
        LEADS_WEBHOOK_URL: `${standIn.url}/hook`,
        LEADS_WEBHOOK_SECRET: WEBHOOK_SECRET,
        NODE_EXTRA_CA_CERTS: standIn.caFile,
      },
      "dist/server.js",
      Infinity,
    );
    const res = await fetch(`${site.url}/api/leads/${code}/events`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ type: "won", value: 990, currency: "BRL" }),
    });
    expect(res.status).toBe(201);
    await allAccepted([`xia.${code}.won`]);
    site.proc.kill("SIGTERM");
    expect(await site.exited).toBe(0);
    expect(standIn.received).toHaveLength(1);
  });
});
