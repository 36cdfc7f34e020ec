/**
 * The sales-redirect rows of `npm run bench` (issue 31's budget): `GET /sales?page=…` as a visitor's
 * browser follows it (a browser's User-Agent, campaign fields), each request recording a lead and
 * answering 303 to wa.me, on the embedded SQLite (a temporary DATA_DIR) and on a local PostgreSQL
 * started for the run with its durable defaults (fsync on; tests/postgres.ts). LEADS_PER_MINUTE is
 * raised to its maximum so that the flood limit does not turn the row into redirects without a write,
 * and the rows the database holds afterwards are counted against the 303s sent.
 *
 * The rate is fixed (BENCH_SALES_RATE, default 300 requests a second over 10 connections: some 18,000
 * sales contacts a minute, far beyond any campaign), so the p99 is the latency a visitor meets under
 * a heavy load rather than the queue an unbounded load generator builds. Goals: p99 ≤ 20 ms on
 * SQLite, ≤ 50 ms on PostgreSQL, every answer a 303 whose Location carries a code, every one recorded.
 *
 * Run on its own: `npx tsx build.ts && npx tsx scripts/bench-sales.ts` (BENCH_ROUNDS, BENCH_SECONDS,
 * BENCH_SALES_RATE).
 */
import autocannon from "autocannon";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { sql } from "kysely";
import { createDatabase, type DatabaseSettings, type Engine } from "../src/server/ledger/engine";
import { BROWSER_UA } from "../tests/fixtures";
import { postgresUrl, startPostgres, type TestPostgres } from "../tests/postgres";
import { median, startBuiltSite, stop } from "./lib";

export const SALES_PATH =
  "/sales?page=/segmentos/odontologia&utm_source=google&utm_medium=cpc&utm_campaign=implante_sp";
const GOAL_P99_MS: Record<Engine, number> = { sqlite: 20, postgres: 50 };

export interface SalesOptions {
  rounds: number;
  seconds: number;
  rate?: number;
}

interface Sample {
  rps: number;
  p50: number;
  p99: number;
  redirects: number;
  others: number;
}

function cannon(url: string, seconds: number, rate: number, path = SALES_PATH): Promise<Sample> {
  return new Promise((resolve, reject) =>
    autocannon(
      {
        url: url + path,
        connections: 10,
        overallRate: rate,
        duration: seconds,
        headers: { "user-agent": BROWSER_UA, accept: "text/html", "accept-encoding": "br, gzip" },
      },
      (err, r) =>
        err
          ? reject(err)
          : resolve({
              rps: r.requests.average,
              p50: r.latency.p50,
              p99: r.latency.p99,
              redirects: path === SALES_PATH ? r["3xx"] : r["2xx"],
              others:
                r["1xx"] + r["4xx"] + r["5xx"] + r.errors + r.timeouts + (path === SALES_PATH ? r["2xx"] : r["3xx"]),
            }),
    ),
  );
}

/** How many leads the database holds (bench and flood compare it before and after). */
export async function countLeads(settings: DatabaseSettings): Promise<number> {
  const handle = createDatabase(settings);
  try {
    const row = await sql<{ n: number | string }>`select count(*) as n from leads`.execute(handle.db);
    return Number(row.rows[0].n);
  } finally {
    await handle.close();
  }
}

/**
 * The built site on an empty database of that engine (a temporary DATA_DIR; on PostgreSQL a new
 * database `name` on `pg`), once its store is open: a redirect carries a code.
 */
export async function siteOnEngine(engine: Engine, name: string, pg?: TestPostgres) {
  const dataDir = mkdtempSync(join(tmpdir(), "xia-bench-sales-"));
  let settings: DatabaseSettings = { databaseUrl: null, dataDir };
  if (engine === "postgres") {
    const admin = createDatabase({ databaseUrl: pg!.url, dataDir });
    await sql.raw(`create database ${name}`).execute(admin.db);
    await admin.close();
    settings = { databaseUrl: postgresUrl(pg!.dir, name), dataDir };
  }
  const env: Record<string, string> = { LEADS_PER_MINUTE: "100000", DATA_DIR: dataDir };
  if (settings.databaseUrl) env.DATABASE_URL = settings.databaseUrl;
  const site = await startBuiltSite(env);
  // The store opens in the background (decision 067): wait until a redirect carries a code.
  for (let i = 0; i < 200; i++) {
    const res = await fetch(site.url + SALES_PATH, { redirect: "manual", headers: { "user-agent": BROWSER_UA } });
    if (/%23[A-Z0-9]{6,16}$/.test(res.headers.get("location") ?? "")) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    site,
    settings,
    async close() {
      await stop(site.proc);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** One engine's row: the built server on that database, `rounds` runs at the fixed rate. */
async function engineRow(engine: Engine, o: SalesOptions, pg?: TestPostgres): Promise<boolean> {
  const rate = o.rate ?? Number(process.env.BENCH_SALES_RATE ?? 300);
  const { site, settings, close } = await siteOnEngine(engine, `bench_${process.pid}`, pg);
  try {
    await cannon(site.url, 3, rate, "/"); // warm-up, both paths
    await cannon(site.url, 3, rate);
    const before = await countLeads(settings);
    const samples: Sample[] = [];
    const pages: Sample[] = [];
    for (let round = 1; round <= o.rounds; round++) {
      // The landing page at the same rate, on the same server, in turn: the floor this machine and
      // load generator set for any answer (a recorded lead costs the server about a page's work).
      const page = await cannon(site.url, o.seconds, rate, "/");
      pages.push(page);
      const s = await cannon(site.url, o.seconds, rate);
      samples.push(s);
      console.log(
        `  round ${round} ${engine}: ${Math.round(s.rps)} req/s, p50 ${s.p50} ms, p99 ${s.p99} ms, 303s ${s.redirects}, other answers and errors ${s.others}; GET / at the same rate p50 ${page.p50} ms, p99 ${page.p99} ms`,
      );
    }
    const recorded = (await countLeads(settings)) - before;
    const sent = samples.reduce((a, s) => a + s.redirects, 0);
    const others = [...samples, ...pages].reduce((a, s) => a + s.others, 0);
    const p99 = median(samples.map((s) => s.p99));
    const goal = GOAL_P99_MS[engine];
    console.log(
      `  (sales ${engine}) median ${Math.round(median(samples.map((s) => s.rps)))} req/s, p50 ${median(samples.map((s) => s.p50))} ms, p99 ${p99} ms (goal ≤ ${goal}; GET / at the same rate p99 ${median(pages.map((s) => s.p99))} ms); leads recorded ${recorded} for ${sent} redirects counted (the last in flight when a round ends are recorded, not counted); other answers and errors ${others}`,
    );
    return p99 <= goal && others === 0 && recorded >= sent;
  } finally {
    await close();
  }
}

/** Both rows; PostgreSQL is started (and stopped) here. */
export async function salesRows(o: SalesOptions): Promise<{ ok: boolean }> {
  console.log(
    `\nsales redirect rows: GET ${SALES_PATH} at ${o.rate ?? Number(process.env.BENCH_SALES_RATE ?? 300)} req/s over 10 connections, every request a lead (LEADS_PER_MINUTE=100000)`,
  );
  const sqlite = await engineRow("sqlite", o);
  const pg = startPostgres({ durable: true });
  try {
    const postgres = await engineRow("postgres", o, pg);
    return { ok: sqlite && postgres };
  } finally {
    pg.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { ok } = await salesRows({
    rounds: Number(process.env.BENCH_ROUNDS ?? 3),
    seconds: Number(process.env.BENCH_SECONDS ?? 8),
  });
  console.log(ok ? "sales rows: goals met" : "sales rows: goals missed");
  process.exit(ok ? 0 : 1);
}
