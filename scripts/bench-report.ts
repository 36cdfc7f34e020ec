/**
 * The report's rows of the benchmark (issue 36's budget): 100,000 leads over a year (20% qualified,
 * 5% won), 365 days of spend for 200 campaigns × 10 ads (730,000 rows, imported 50,000 at a time:
 * the import's time is a row of its own), then `GET /leads` for every `by` over the whole year,
 * BENCH_REPORT_RUNS times each (default 10), on SQLite and on a PostgreSQL started here. Goals:
 * p95 ≤ 300 ms per request; a 50,000-row import ≤ 5 s.
 *
 * The last rows of `npm run bench`; alone: `npx tsx scripts/bench-report.ts` (BENCH_REPORT_LEADS,
 * BENCH_REPORT_RUNS, BENCH_REPORT_ENGINES=sqlite,postgres). Each figure is printed with the load
 * average: on a shared machine compare figures taken at the same load.
 */
// React's production build, the one dist/server.js runs (build.ts defines NODE_ENV=production;
// decision 114): the report's rendering measured as served, not with development checks (decision 115).
import "../tests/react-production";
import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { createApp } from "../src/server/app";
import { loadConfig } from "../src/server/config";
import { createDatabase, type DatabaseSettings, type Engine } from "../src/server/ledger/engine";
import { migrate } from "../src/server/ledger/migrate";
import { createLedger } from "../src/server/ledger/store";
import { limitOf } from "../src/server/report/cap";
import type { Dimension } from "../src/server/report/dimensions";
import type { SpendRow } from "../src/server/spend/parse";
import { postgresUrl, startPostgres, type TestPostgres } from "../tests/postgres";

const LEADS = Number(process.env.BENCH_REPORT_LEADS ?? 100_000);
const RUNS = Number(process.env.BENCH_REPORT_RUNS ?? 10);
/** The 1-minute load average, printed beside every figure: on a shared machine the figures move with it. */
const load = () => `load ${loadavg()[0].toFixed(1)}`;
const PASSWORD = "bench-report-password-1";
const BYS = [
  "campaign",
  "content",
  "campaign,content",
  "source",
  "segment",
  "day",
  "week",
  "month",
  "campaign,day",
  "term",
  "page,plan",
  // The heaviest combinations (decision 115): a year of 2,000 ads by day, and days first.
  "content,day",
  "day,campaign",
  // Every other pairing of a period (decision 129): a day or a week paired with another level covers
  // at most its last days (src/server/report/cap.ts), a month the whole year.
  "campaign,week",
  "week,campaign",
  "content,week",
  "campaign,month",
  "content,month",
];
const START = Date.UTC(2025, 10, 27, 3);
const DAY = 86_400_000;
const day = (i: number) => new Date(START + i * DAY).toISOString().slice(0, 10);

export async function seed(settings: DatabaseSettings) {
  const handle = createDatabase(settings);
  await migrate(handle);
  const { db } = handle;
  const segments = ["odontology", "vehicles", "real_estate", "medical", null];
  for (let i = 0; i < LEADS; i += 1000) {
    const leads = Array.from({ length: Math.min(1000, LEADS - i) }, (_, k) => {
      const n = i + k;
      const c = n % 200;
      return {
        code: `B${n.toString(36).toUpperCase().padStart(7, "0")}`,
        created_at: new Date(START + ((n * 7919) % (365 * 24)) * 3_600_000).toISOString(),
        lang: "pt",
        path: "/segmentos/odontologia",
        segment: segments[n % 5],
        variant: n % 3 ? "implante" : null,
        plan: n % 7 ? null : "enterprise",
        utm_source: c % 2 ? "google" : "meta",
        utm_medium: "cpc",
        utm_campaign: `9${String(c).padStart(7, "0")}`,
        utm_term: n % 4 ? `termo ${n % 50}` : null,
        utm_content: `8${String(c * 10 + (n % 10)).padStart(7, "0")}`,
        ad_consent: 0,
        // The outcome columns recordEvent keeps (decision 106), as the events below say.
        qualified: n % 5 === 0 || n % 20 === 0 ? 1 : 0,
        won: n % 20 === 0 ? 1 : 0,
        won_value: n % 20 === 0 ? 1000 + (n % 900) : null,
        won_currency: n % 20 === 0 ? "BRL" : null,
      };
    });
    const ids = await db.insertInto("leads").values(leads).returning("id").execute();
    const events = ids.flatMap(({ id }, k) => {
      const n = i + k;
      const at = leads[k].created_at;
      return [
        ...(n % 5 === 0 ? [{ lead_id: id, type: "qualified", value: null, currency: null, at, created_at: at }] : []),
        ...(n % 20 === 0
          ? [{ lead_id: id, type: "won", value: 1000 + (n % 900), currency: "BRL", at, created_at: at }]
          : []),
      ];
    });
    if (events.length) await db.insertInto("lead_events").values(events).execute();
  }
  const ledger = createLedger(handle);
  const imports: number[] = [];
  for (let d0 = 0; d0 < 365; d0 += 25) {
    const rows: SpendRow[] = [];
    for (let d = d0; d < Math.min(365, d0 + 25); d++)
      for (let c = 0; c < 200; c++)
        for (let a = 0; a < 10; a++)
          rows.push({
            day: day(d),
            campaignId: `9${String(c).padStart(7, "0")}`,
            campaignName: `Campanha ${c}`,
            groupId: `8${String(c * 10 + a).padStart(7, "0")}`,
            groupName: `Grupo ${c}-${a}`,
            adId: `7${String(c * 10 + a).padStart(7, "0")}`,
            adName: `Anúncio ${c}-${a}`,
            currency: "BRL",
            cost: 1 + ((d + c + a) % 50),
          });
    const t = performance.now();
    await ledger.spend.import(c0source(d0), rows);
    imports.push(performance.now() - t);
  }
  return { ledger, handle, imports };
}
// Even 25-day blocks are Google's, odd ones Meta's: both sources, each block its own days.
const c0source = (d0: number) => ((d0 / 25) % 2 ? "meta" : "google");

const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.ceil(xs.length * 0.95) - 1];

async function engineRow(engine: Engine, runs: number, pg?: TestPostgres): Promise<boolean> {
  const dataDir = mkdtempSync(join(tmpdir(), "xia-bench-report-"));
  let settings: DatabaseSettings = { databaseUrl: null, dataDir };
  if (engine === "postgres") {
    const admin = createDatabase({ databaseUrl: pg!.url, dataDir });
    await sql.raw("create database bench_report").execute(admin.db);
    await admin.close();
    settings = { databaseUrl: postgresUrl(pg!.dir, "bench_report"), dataDir };
  }
  const t0 = performance.now();
  const { ledger, imports } = await seed(settings);
  console.log(
    `${engine}: seeded ${LEADS} leads and 730,000 spend rows in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  const app = createApp({
    config: loadConfig({ LEADS_REPORT_PASSWORD: PASSWORD }),
    store: ledger,
    now: () => new Date(START + 365 * DAY),
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const auth = `Basic ${Buffer.from(`b:${PASSWORD}`).toString("base64")}`;
  let ok = true;
  const maxImport = Math.max(...imports);
  console.log(
    `${engine}: spend import of 50,000 rows: max ${(maxImport / 1000).toFixed(2)} s of ${imports.length} (goal ≤ 5 s; ${load()})`,
  );
  ok &&= maxImport <= 5000;
  try {
    for (const by of BYS) {
      const [times, cpu]: number[][] = [[], []];
      for (let i = 0; i <= runs; i++) {
        const [t, c] = [performance.now(), process.cpuUsage()];
        const res = await fetch(`${url}/leads?from=${day(0)}&to=${day(364)}&by=${by}`, {
          headers: { authorization: auth },
        });
        await res.text();
        if (res.status !== 200) throw new Error(`${by}: ${res.status}`);
        const used = process.cpuUsage(c);
        if (i > 0) times.push(performance.now() - t);
        if (i > 0) cpu.push((used.user + used.system) / 1000);
      }
      const p = p95(times);
      ok &&= p <= 300;
      // SQLite runs in this process: its CPU time per request is about what the request takes on an
      // idle core, whatever the machine's load. PostgreSQL's work is in its own processes.
      const own = engine === "sqlite" ? `, CPU ${p95(cpu).toFixed(0)} ms` : "";
      const limit = limitOf(by.split(",") as Dimension[]);
      console.log(
        `${engine}: GET /leads?by=${by} over 365 days${limit ? ` (covers the last ${limit}: decision 129)` : ""}: p95 ${p.toFixed(0)} ms${own} of ${runs} (goal ≤ 300 ms; ${load()})${p <= 300 ? "" : "  MISSED"}`,
      );
    }
  } finally {
    server.close();
    await ledger.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return ok;
}

/** The report rows of `npm run bench` (scripts/bench.ts): `runs` requests per `by` and engine. */
export async function reportRows(runs = RUNS): Promise<boolean> {
  const engines = (process.env.BENCH_REPORT_ENGINES ?? "sqlite,postgres").split(",") as Engine[];
  // Each engine's rows run whatever the other's gave (not `ok &&= await …`, which would skip them).
  let ok = true;
  if (engines.includes("sqlite")) ok = (await engineRow("sqlite", runs)) && ok;
  if (engines.includes("postgres")) {
    const pg = startPostgres();
    try {
      ok = (await engineRow("postgres", runs, pg)) && ok;
    } finally {
      pg.stop();
    }
  }
  return ok;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const ok = await reportRows();
  console.log(ok ? "report rows: goals met" : "report rows: goals missed");
  process.exit(ok ? 0 : 1);
}
