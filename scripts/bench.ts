/**
 * `npm run bench`: one run, autocannon against locally started servers, in turns. Rows:
 *  (a)  this site (dist/server.js as the Procfile starts it, one process), GET / with Accept-Encoding: br, gzip
 *  (a2) the same with WEB_CONCURRENCY=2 (a primary and two workers)
 *  (v)  the same URL through Varnish (deploy/varnish.vcl) in front of (a): cache hits
 *  (b)  naive peer: Express 5 + helmet + compression(), the same HTML compressed per request
 *  (c)  ceiling for any Express app: Express 5 + helmet sending the same prebuilt brotli buffer
 *  (d)  bare node:http sending that buffer
 * Prints req/s, p50/p99 per row (medians over rounds), the ratios (against goals where there are
 * some), Varnish's hit ratio for a mixed load of clean and ad-click URLs, the RSS of the site after
 * a long load, and its cold start (process start to first 200). Then the ad-click row
 * (scripts/bench-campaign.ts): /en against /en with campaign parameters, a fresh fbclid per request;
 * the calculator row (scripts/bench-calculator.ts): /en against distinct calculator answers; and
 * the segment rows (scripts/bench-segments.ts): a segment page against its landing page, a variant
 * page against its clean page; the sales rows (scripts/bench-sales.ts): GET /sales recording a lead
 * per request at a fixed rate, on SQLite and on a local PostgreSQL (p99 ≤ 20 and ≤ 50 ms); the
 * experiment row (scripts/bench-experiments.ts): an experiment's arrival against its cached arm
 * page (≥ 0.8×); last, the report rows (scripts/bench-report.ts): GET /leads for eleven `by` over a
 * year of 100,000 leads and 730,000 spend rows, p95 ≤ 300 ms each, and a 50,000-row spend import
 * ≤ 5 s, on SQLite and PostgreSQL (BENCH_REPORT_RUNS requests per `by`: 10, 3 in a short run).
 * Two shared cores: autocannon, the servers and Varnish share them, so absolute numbers move from
 * run to run and two workers cannot show 2×; read the ratios. Short run: BENCH_ROUNDS=1
 * BENCH_SECONDS=2 BENCH_RSS_SECONDS=2 (BENCH_REPORT_RUNS=3 then).
 */
import autocannon from "autocannon";
import type { ChildProcess } from "node:child_process";
import { writeFileSync } from "node:fs";
import { calculatorRow } from "./bench-calculator";
import { campaignRow } from "./bench-campaign";
import { salesRows } from "./bench-sales";
import { segmentRows } from "./bench-segments";
import { experimentRow } from "./bench-experiments";
import { reportRows } from "./bench-report";
import { median, rssMb, startBuiltSite, startServer, stop, waitForOk } from "./lib";
import { LANDING_PATHS, LEGAL_PATHS } from "./pages";
import { startVarnish } from "./varnish";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const RSS_SECONDS = Number(process.env.BENCH_RSS_SECONDS ?? 30);
const CONNECTIONS = 50;
const headers = { "accept-encoding": "br, gzip" };

type Result = { rps: number; p50: number; p99: number; errors: number; non2xx: number };

function cannon(url: string, duration: number, options: Partial<autocannon.Options> = {}): Promise<Result> {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration, headers, ...options }, (err, r) => {
      if (err) return reject(err);
      resolve({
        rps: r.requests.average,
        p50: r.latency.p50,
        p99: r.latency.p99,
        errors: r.errors + r.timeouts,
        non2xx: r.non2xx,
      });
    });
  });
}

async function startPeer(mode: string, file: string): Promise<{ proc: ChildProcess; url: string }> {
  const { proc, port } = await startServer(process.execPath, ["scripts/bench-peers.mjs", mode, file], process.env, {
    echoStderr: true,
    keepOutput: false,
  });
  const url = `http://127.0.0.1:${port}/`;
  await waitForOk(url, proc);
  return { proc, url };
}

const site = await startBuiltSite();
const site2 = await startBuiltSite({ WEB_CONCURRENCY: "2" });
const varnish = await startVarnish(site.port);
const html = await (await fetch(site.url + "/", { headers: { "accept-encoding": "identity" } })).text();
const htmlFile = "dist/bench-landing.html";
writeFileSync(htmlFile, html);
const peers = {
  b: await startPeer("naive", htmlFile),
  c: await startPeer("prebuilt", htmlFile),
  d: await startPeer("bare", htmlFile),
};

/** One row a server and URL; a new row (an ad-click URL, say) is one more entry. */
const rows: Array<{ key: string; name: string; url: string }> = [
  { key: "a", name: "this site, 1 process", url: `${site.url}/` },
  { key: "a2", name: "this site, WEB_CONCURRENCY=2", url: `${site2.url}/` },
  { key: "v", name: "through Varnish (hits), 1 process", url: `${varnish.url}/` },
  { key: "b", name: "naive Express+helmet+compression()", url: peers.b.url },
  { key: "c", name: "Express+helmet prebuilt br", url: peers.c.url },
  { key: "d", name: "bare node:http prebuilt br", url: peers.d.url },
];

console.log(
  `bench: ${ROUNDS} rounds × ${SECONDS} s per row, ${CONNECTIONS} connections, Accept-Encoding: br, gzip, Node ${process.version}`,
);
for (const row of rows.slice(0, 3)) await cannon(row.url, 2); // warm-up (and Varnish's first miss)
const runs: Record<string, Result[]> = Object.fromEntries(rows.map((r) => [r.key, []]));
for (let round = 1; round <= ROUNDS; round++) {
  for (const { key, url } of rows) {
    const r = await cannon(url, SECONDS);
    runs[key].push(r);
    console.log(
      `  round ${round} ${key}: ${Math.round(r.rps)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms, errors ${r.errors}, non-2xx ${r.non2xx}`,
    );
  }
}
const summary = Object.fromEntries(
  Object.entries(runs).map(([k, rs]) => [
    k,
    {
      rps: median(rs.map((r) => r.rps)),
      p50: median(rs.map((r) => r.p50)),
      p99: median(rs.map((r) => r.p99)),
      errors: rs.reduce((a, r) => a + r.errors + r.non2xx, 0),
    },
  ]),
);
console.log("\nmedians:");
for (const { key, name } of rows) {
  const s = summary[key];
  console.log(
    `  (${key})${" ".repeat(3 - key.length)}${name.padEnd(38)} ${String(Math.round(s.rps)).padStart(7)} req/s  p50 ${s.p50} ms  p99 ${s.p99} ms  errors ${s.errors}`,
  );
}

const ratio = (x: string, y: string) => summary[x].rps / summary[y].rps;
const ratioAB = ratio("a", "b");
const ratioAC = ratio("a", "c");
const p99Ratio = summary.a.p99 / Math.max(summary.c.p99, 1);
console.log(
  `\nratios: a/b ${ratioAB.toFixed(2)} (goal ≥ 4), a/c ${ratioAC.toFixed(2)} (goal ≥ 0.8), p99 a/c ${p99Ratio.toFixed(2)} (goal ≤ 1.3), a/d ${ratio("a", "d").toFixed(2)}`,
);
console.log(
  `        2 workers / 1 process (a2/a) ${ratio("a2", "a").toFixed(2)}, Varnish / direct (v/a) ${ratio("v", "a").toFixed(2)}, Varnish / bare node:http (v/d) ${ratio("v", "d").toFixed(2)}`,
);
console.log(`errors on (a), (a2), (v): ${summary.a.errors + summary.a2.errors + summary.v.errors} (goal 0)`);

// Varnish's hit ratio for campaign traffic: the landing and legal pages, half the requests as ad clicks with a
// fresh click id each (every one a URL never seen before), varnishstat's counters before and after.
const PAGES = [...LANDING_PATHS, ...LEGAL_PATHS];
let clicks = 0;
const mixedPath = () => {
  const page = PAGES[Math.floor(Math.random() * PAGES.length)];
  if (Math.random() < 0.5) return page;
  const click = `utm_source=facebook&utm_medium=paid&utm_campaign=launch&fbclid=IwAR${++clicks}`;
  return page + (page.includes("?") ? "&" : "?") + click;
};
const before = varnish.counters();
const mixed = await cannon(varnish.url, SECONDS, {
  requests: [{ setupRequest: (req) => ({ ...req, path: mixedPath() }) }],
});
const after = varnish.counters();
const hits = after["MAIN.cache_hit"] - before["MAIN.cache_hit"];
const misses = after["MAIN.cache_miss"] - before["MAIN.cache_miss"];
const hitRatio = hits / Math.max(hits + misses, 1);
console.log(
  `\nVarnish, mixed clean and ad-click URLs (${clicks} distinct clicks of ${Math.round(mixed.rps * SECONDS)} requests): MAIN.cache_hit ${hits}, MAIN.cache_miss ${misses}, hit ratio ${(hitRatio * 100).toFixed(2)} % (${Math.round(mixed.rps)} req/s, errors ${mixed.errors + mixed.non2xx})`,
);

const campaign = await campaignRow(site.url, { rounds: ROUNDS, seconds: SECONDS, connections: CONNECTIONS, headers });
const calculator = await calculatorRow(site.url, {
  rounds: ROUNDS,
  seconds: SECONDS,
  connections: CONNECTIONS,
  headers,
});
const segments = await segmentRows(site.url, { rounds: ROUNDS, seconds: SECONDS, connections: CONNECTIONS, headers });
const sales = await salesRows({ rounds: ROUNDS, seconds: SECONDS });
const experiments = await experimentRow({ rounds: ROUNDS, seconds: SECONDS, connections: CONNECTIONS, headers });

await cannon(`${site.url}/`, RSS_SECONDS);
const rss = rssMb(site.proc.pid!);
console.log(`RSS of the site after ${RSS_SECONDS} s of load: ${rss.toFixed(1)} MB (goal ≤ 150)`);
await varnish.stop();
for (const p of Object.values(peers)) await stop(p.proc);
await stop(site.proc);
await stop(site2.proc);

const cold: number[] = [];
for (let i = 0; i < 3; i++) {
  const s = await startBuiltSite();
  cold.push(s.coldStartMs);
  await stop(s.proc);
}
console.log(
  `cold start (spawn to first 200 on /): median ${Math.round(median(cold))} ms of ${cold.map((c) => Math.round(c)).join(", ")}`,
);

const report = await reportRows(Number(process.env.BENCH_REPORT_RUNS ?? (ROUNDS === 1 ? 3 : 10)));

const ok =
  ratioAB >= 4 &&
  ratioAC >= 0.8 &&
  p99Ratio <= 1.3 &&
  summary.a.errors + summary.a2.errors + summary.v.errors === 0 &&
  rss <= 150 &&
  campaign.ok &&
  calculator.ok &&
  segments.ok &&
  sales.ok &&
  experiments.ok &&
  report;
console.log(ok ? "bench: all goals met" : "bench: some goals missed");
process.exit(ok ? 0 : 1);
