/**
 * `npm run bench`: one run, autocannon against locally started servers, alternating:
 *  (a) this site (dist/server.js as the Procfile starts it), GET / with Accept-Encoding: br, gzip
 *  (b) naive peer: Express 5 + helmet + compression(), the same HTML compressed per request
 *  (c) ceiling for any Express app: Express 5 + helmet sending the same prebuilt brotli buffer
 *  (d) bare node:http sending that buffer
 * Prints req/s, p50/p99 per server (medians over rounds), the ratios against the goals, the RSS
 * of the site after 30 s of load, and its cold start (process start to first 200). Then the
 * ad-click row (scripts/bench-campaign.ts): /en against /en with campaign parameters.
 * Two shared cores: absolute numbers move from run to run; the ratios are what to read.
 */
import autocannon from "autocannon";
import { spawn, type ChildProcess } from "node:child_process";
import { writeFileSync } from "node:fs";
import { campaignRow } from "./bench-campaign";
import { median, rssMb, startBuiltSite, stop, waitForOk } from "./lib";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = 50;
const headers = { "accept-encoding": "br, gzip" };

type Result = { rps: number; p50: number; p99: number; errors: number; non2xx: number };

function cannon(url: string, duration: number): Promise<Result> {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration, headers }, (err, r) => {
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

async function startPeer(mode: string, port: number, file: string): Promise<ChildProcess> {
  const proc = spawn(process.execPath, ["scripts/bench-peers.mjs", mode, String(port), file], {
    stdio: ["ignore", "ignore", "inherit"],
  });
  await waitForOk(`http://127.0.0.1:${port}/`, proc);
  return proc;
}

const site = await startBuiltSite(4101);
const html = await (await fetch(site.url + "/", { headers: { "accept-encoding": "identity" } })).text();
const htmlFile = "dist/bench-landing.html";
writeFileSync(htmlFile, html);
const peers = {
  b: await startPeer("naive", 4102, htmlFile),
  c: await startPeer("prebuilt", 4103, htmlFile),
  d: await startPeer("bare", 4104, htmlFile),
};
const targets: Array<[string, string]> = [
  ["a", `${site.url}/`],
  ["b", "http://127.0.0.1:4102/"],
  ["c", "http://127.0.0.1:4103/"],
  ["d", "http://127.0.0.1:4104/"],
];
const names: Record<string, string> = {
  a: "this site",
  b: "naive Express+helmet+compression()",
  c: "Express+helmet prebuilt br",
  d: "bare node:http prebuilt br",
};

console.log(
  `bench: ${ROUNDS} rounds × ${SECONDS} s per server, ${CONNECTIONS} connections, Accept-Encoding: br, gzip, Node ${process.version}`,
);
await cannon(`${site.url}/`, 2); // warm-up
const runs: Record<string, Result[]> = { a: [], b: [], c: [], d: [] };
for (let round = 1; round <= ROUNDS; round++) {
  for (const [key, url] of targets) {
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
for (const [k, s] of Object.entries(summary))
  console.log(
    `  (${k}) ${names[k].padEnd(38)} ${String(Math.round(s.rps)).padStart(7)} req/s  p50 ${s.p50} ms  p99 ${s.p99} ms  errors ${s.errors}`,
  );

const ratioAB = summary.a.rps / summary.b.rps;
const ratioAC = summary.a.rps / summary.c.rps;
const p99Ratio = summary.a.p99 / Math.max(summary.c.p99, 1);
console.log(
  `\nratios: a/b ${ratioAB.toFixed(2)} (goal ≥ 4), a/c ${ratioAC.toFixed(2)} (goal ≥ 0.8), p99 a/c ${p99Ratio.toFixed(2)} (goal ≤ 1.3), a/d ${(summary.a.rps / summary.d.rps).toFixed(2)}`,
);
console.log(`errors on (a): ${summary.a.errors} (goal 0)`);

const campaign = await campaignRow(site.url, { rounds: ROUNDS, seconds: SECONDS, connections: CONNECTIONS, headers });

await cannon(`${site.url}/`, 30);
const rss = rssMb(site.proc.pid!);
console.log(`RSS of the site after 30 s of load: ${rss.toFixed(1)} MB (goal ≤ 150)`);
for (const p of Object.values(peers)) await stop(p);
await stop(site.proc);

const cold: number[] = [];
for (let i = 0; i < 3; i++) {
  const s = await startBuiltSite(4105);
  cold.push(s.coldStartMs);
  await stop(s.proc);
}
console.log(
  `cold start (spawn to first 200 on /): median ${Math.round(median(cold))} ms of ${cold.map((c) => Math.round(c)).join(", ")}`,
);

const ok = ratioAB >= 4 && ratioAC >= 0.8 && p99Ratio <= 1.3 && summary.a.errors === 0 && rss <= 150 && campaign.ok;
console.log(ok ? "bench: all goals met" : "bench: some goals missed");
process.exit(ok ? 0 : 1);
