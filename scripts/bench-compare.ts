/**
 * This build's page rows against another build's, in the same run (issue 31's budget: "throughput of
 * every page row unchanged within noise" across the lead ledger): both servers started as the
 * Procfile starts them, each with a DATA_DIR of its own, then for each page (the landing pages, the
 * legal pages, a segment page, a variant page) autocannon alternates between the two for
 * BENCH_ROUNDS rounds of BENCH_SECONDS, with the medians' ratio. Goal: each ratio ≥ 0.9 (noise on
 * two shared cores is about ±5 %), no errors.
 *
 *   git worktree add /tmp/before <commit> && (cd /tmp/before && npm ci && npx tsx build.ts)
 *   npx tsx build.ts && npx tsx scripts/bench-compare.ts /tmp/before/dist/server.js
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { run, type Sample } from "./bench-campaign";
import { median, startBuiltSite, stop } from "./lib";
import { LANDING_PATHS, LEGAL_PATHS, SEGMENT_SAMPLE, VARIANT_SAMPLE } from "./pages";

const other = process.argv[2];
if (!other) {
  console.error("usage: npx tsx scripts/bench-compare.ts <other build's dist/server.js>");
  process.exit(2);
}
const o = {
  rounds: Number(process.env.BENCH_ROUNDS ?? 3),
  seconds: Number(process.env.BENCH_SECONDS ?? 5),
  connections: 50,
  headers: { "accept-encoding": "br, gzip" },
};
const dirs = [mkdtempSync(join(tmpdir(), "xia-this-")), mkdtempSync(join(tmpdir(), "xia-other-"))];
const sites = {
  this: await startBuiltSite({ DATA_DIR: dirs[0] }),
  other: await startBuiltSite({ DATA_DIR: dirs[1] }, other),
};
const paths = [...LANDING_PATHS, ...LEGAL_PATHS, SEGMENT_SAMPLE[0], VARIANT_SAMPLE.path];
console.log(`pages, this build against ${other}: ${o.rounds} rounds × ${o.seconds} s, 50 connections, br`);
let ok = true;
try {
  for (const key of ["this", "other"] as const) await run(sites[key].url + "/", { ...o, seconds: 2 });
  for (const path of paths) {
    const rows: Record<"this" | "other", Sample[]> = { this: [], other: [] };
    for (let round = 1; round <= o.rounds; round++) {
      const order = round % 2 ? (["this", "other"] as const) : (["other", "this"] as const);
      for (const key of order) rows[key].push(await run(sites[key].url + path, o, () => path));
    }
    const m = (key: "this" | "other") => ({
      rps: median(rows[key].map((s) => s.rps)),
      p99: median(rows[key].map((s) => s.p99)),
      errors: rows[key].reduce((a, s) => a + s.errors, 0),
    });
    const [a, b] = [m("this"), m("other")];
    const ratio = a.rps / b.rps;
    ok &&= ratio >= 0.9 && a.errors + b.errors === 0;
    console.log(
      `  ${path.padEnd(28)} this ${String(Math.round(a.rps)).padStart(5)} req/s p99 ${a.p99} ms; other ${String(Math.round(b.rps)).padStart(5)} req/s p99 ${b.p99} ms; ratio ${ratio.toFixed(2)}; errors ${a.errors + b.errors}`,
    );
  }
} finally {
  for (const site of Object.values(sites)) await stop(site.proc);
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
}
console.log(ok ? "compare: every page row within 10 %" : "compare: some page row below 0.9");
process.exit(ok ? 0 : 1);
