/**
 * Issue 37's memory and storage budget for experiments: 1,000,000 arrivals over a day, drawn and
 * counted as the page route does (experiments/assign.ts, one experiment with two arms) and flushed
 * as the server does, once a "minute" (1,440 flushes), into a real SQLite ledger. Prints the RSS
 * growth over the run (budget: within 20 MB) and the rows of experiment_arrivals (budget: at most
 * arms × days).
 *   npx tsx --expose-gc scripts/experiments-budget.ts
 * With --expose-gc the RSS is read after a collection at each flush (what is kept); without it the
 * figure includes garbage not yet collected.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Request } from "express";
import { arrivalCounter } from "../src/server/experiments/arrivals";
import { experimentRouter } from "../src/server/experiments/assign";
import { flushArrivals } from "../src/server/experiments/flush";
import { parseExperiments } from "../src/server/experiments/settings";
import { openDatabase } from "../src/server/ledger/migrate";
import { createLedger, databaseOf } from "../src/server/ledger/store";
import { parseQuery } from "../src/shared/query";

const ARRIVALS = 1_000_000;
const FLUSHES = 1440;
const dir = mkdtempSync(join(tmpdir(), "xia-budget-"));
const [experiment] = parseExperiments([
  {
    id: "budget",
    page: "/segmentos/odontologia",
    arms: [
      { id: "a", variant: null, weight: 1 },
      { id: "b", variant: "implante", weight: 1 },
    ],
    start: "2026-12-01",
    end: "2026-12-31",
  },
]);
const ledger = createLedger(await openDatabase({ dataDir: dir, databaseUrl: null }), { timeoutMs: 10_000 });
const counter = arrivalCounter();
const router = experimentRouter([experiment], counter);
const flusher = flushArrivals(counter, ledger, undefined, 3_600_000);
const req = {
  method: "GET",
  headers: { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0" },
} as unknown as Request;
const query = parseQuery("");
global.gc?.();
const before = process.memoryUsage().rss;
let peak = before;
const perFlush = Math.ceil(ARRIVALS / FLUSHES);
const started = performance.now();
for (let i = 0; i < ARRIVALS; i++) {
  router.choose(req, "pt", "odontology", query, null, "2026-12-10");
  if (i % perFlush === perFlush - 1) {
    await flusher.flush();
    global.gc?.();
    peak = Math.max(peak, process.memoryUsage().rss);
  }
}
await flusher.stop();
const seconds = (performance.now() - started) / 1000;
const rows = await databaseOf(ledger).db.selectFrom("experiment_arrivals").selectAll().execute();
const total = rows.reduce((s, r) => s + Number(r.arrivals), 0);
console.log(`${ARRIVALS.toLocaleString("en")} arrivals, ${FLUSHES} flushes in ${seconds.toFixed(1)} s`);
const gc = global.gc ? "after a collection at each flush" : "garbage included: run with --expose-gc";
console.log(`RSS growth: ${((peak - before) / 1048576).toFixed(1)} MB (peak over the start, ${gc}; budget 20 MB)`);
console.log(`experiment_arrivals rows: ${rows.length} (budget: arms × days = 2 × 1), arrivals stored: ${total}`);
await ledger.close();
rmSync(dir, { recursive: true, force: true });
