/**
 * `npm run load`: 60 s at 100 connections over every route and language against the production
 * build (dist/server.js as the Procfile starts it): the landing and legal pages, all 54 segment
 * pages and every variant page (scripts/pages.ts, from the route table and the catalogues), ad
 * clicks, calculator answers on a landing and a segment page, the SEO files and the client. Prints requests, errors, non-2xx/304 and the
 * server's RSS each 10 s; the goals: zero errors, zero non-2xx/304, RSS growth ≤ 20 % between the
 * 10th and the 60th second. LOAD_SECONDS shortens it. Then the pipelined-flood row
 * (scripts/flood.ts): 8 connections × 200 calculator requests in one write each, then 20 connections
 * of distinct answers (FLOOD_SECONDS, 5): /healthz worst ≤ 500 ms, RSS peak ≤ 250 MB, back within
 * 60 MB of the warmed baseline. Then the sales flood (scripts/flood-sales.ts, issue 31): 20,000
 * `/sales` requests from one client and from 1,000 addresses: all answered 303, leads stored within
 * LEADS_PER_MINUTE, RSS back within 40 MB. Then the outbox backlog (scripts/outbox-backlog.ts, issue
 * 32): pages with 10,000 events queued for a Meta that is down against an empty outbox, and the
 * drain at the rate Meta allows once it is back.
 */
import autocannon from "autocannon";
import { floodRow } from "./flood";
import { salesFloodRow } from "./flood-sales";
import { outboxBacklogRow } from "./outbox-backlog";
import { rssMb, startBuiltSite, stop } from "./lib";
import { LANDING_PATHS, LEGAL_PATHS, SEGMENT_PATHS, SEGMENT_SAMPLE, VARIANT_URLS } from "./pages";

const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const paths = [
  ...LANDING_PATHS,
  ...LEGAL_PATHS,
  ...SEGMENT_PATHS,
  ...VARIANT_URLS.map((v) => v.path),
  "/es?utm_source=facebook&utm_medium=paid_social&fbclid=IwAR0load",
  `${SEGMENT_SAMPLE[0]}?utm_source=google&utm_medium=cpc&gclid=Cj0load`,
  "/?leads=800&interactions=4",
  "/es?leads=3&interactions=9",
  `${SEGMENT_SAMPLE[1]}?leads=120&interactions=7`,
  "/robots.txt",
  "/sitemap.xml",
  "/favicon.ico",
];
const site = await startBuiltSite();
const assets = [(await (await fetch(site.url + "/")).text()).match(/src="(\/assets\/[^"]+)"/)![1]];
const requests = [...paths, ...assets].map((path) => ({
  method: "GET" as const,
  path,
  headers: { "accept-encoding": "br, gzip" },
}));

const samples: Array<[number, number]> = [];
const sampler = setInterval(() => samples.push([samples.length + 1, rssMb(site.proc.pid!)]), 1000);
console.log(`load: ${SECONDS} s, 100 connections, ${requests.length} URLs in rotation, Node ${process.version}`);
const result = await autocannon({ url: site.url, connections: 100, duration: SECONDS, requests });
clearInterval(sampler);

for (const [s, mb] of samples) if (s % 10 === 0) console.log(`  ${s} s: RSS ${mb.toFixed(1)} MB`);
const at = (sec: number) => samples[Math.min(sec, samples.length) - 1][1];
const first = at(Math.min(10, SECONDS)),
  last = at(SECONDS);
const growth = (last - first) / first;
const bad = result.non2xx; // 304 cannot occur: no request sends If-None-Match
console.log(
  `requests ${result.requests.total}, ${Math.round(result.requests.average)} req/s, latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms`,
);
console.log(`errors ${result.errors}, timeouts ${result.timeouts}, non-2xx ${bad}`);
console.log(
  `RSS ${first.toFixed(1)} MB at ${Math.min(10, SECONDS)} s → ${last.toFixed(1)} MB at ${SECONDS} s: ${(growth * 100).toFixed(1)} % (goal ≤ 20 %)`,
);
await stop(site.proc);
// The flood on a fresh process, so that its RSS figures are its own.
const fresh = await startBuiltSite();
const flood = await floodRow(fresh.url, fresh.port, fresh.proc.pid!, Number(process.env.FLOOD_SECONDS ?? 5));
await stop(fresh.proc);
const salesFlood = await salesFloodRow();
const backlog = await outboxBacklogRow(Number(process.env.BENCH_ROUNDS ?? 3), Number(process.env.BENCH_SECONDS ?? 5));
const ok =
  result.errors === 0 && result.timeouts === 0 && bad === 0 && growth <= 0.2 && flood.ok && salesFlood && backlog;
console.log(ok ? "load: all goals met" : "load: some goals missed");
process.exit(ok ? 0 : 1);
