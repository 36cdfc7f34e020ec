/**
 * The pipelined-flood row of `npm run load` (issue 19): 8 connections each write 200 calculator
 * requests (distinct `?leads=&interactions=`, pt/en/es) in ONE write, as a hostile client can,
 * while a probe asks `/healthz` every 50 ms on a connection of its own; then 20 connections send
 * distinct calculator answers for a few seconds. Reports the health check's worst latency, the
 * server's RSS warmed (before), at its peak (sampled every 20 ms) and 3 s after, and whether every
 * flood response arrived. Goals: /healthz worst ≤ 500 ms, peak RSS ≤ 250 MB, RSS after within
 * 60 MB of the warmed baseline.
 *
 * On its own, against this build or another one (to compare before/after in the same conditions):
 *   npx tsx build.ts && npx tsx scripts/flood.ts [path/to/server.js]
 */
import autocannon from "autocannon";
import { spawn } from "node:child_process";
import { connect } from "node:net";
import { pathToFileURL } from "node:url";
import { rssMb, startBuiltSite, stop } from "./lib";
import { LANDING_PATHS } from "./pages";

export const FLOOD_CONNECTIONS = 8;
export const FLOOD_PIPELINED = 200;

const LANG_PATHS = LANDING_PATHS;
let counter = 0;
/** A calculator answer never asked before (distinct values), at `path` or in turn in each language. */
export function calculatorPath(path?: string): string {
  const n = ++counter;
  return `${path ?? LANG_PATHS[n % 3]}?leads=${100 + n}&interactions=${1 + (n % 37)}`;
}

/** One socket, `count` pipelined GETs in one write; resolves when the server closed it after the last. */
function pipelined(port: number, count: number): Promise<{ responses: number }> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    let text = "";
    for (let i = 0; i < count; i++)
      text +=
        `GET ${calculatorPath()} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept-Encoding: br, gzip\r\n` +
        (i === count - 1 ? "Connection: close\r\n\r\n" : "\r\n");
    let responses = 0;
    let tail = "";
    socket.on("data", (chunk: Buffer) => {
      // Count status lines; the tail keeps a status line cut between two chunks.
      const s = tail + chunk.toString("latin1");
      responses += s.split("HTTP/1.1 200 ").length - 1;
      tail = s.slice(-16);
      if (tail.includes("HTTP/1.1 200 ")) tail = tail.slice(tail.lastIndexOf("HTTP/1.1 200 ") + 13);
    });
    socket.on("error", () => {});
    socket.on("close", () => resolve({ responses }));
    socket.write(text);
  });
}

/** The probe: GET the URL every 50 ms until stdin closes; one line per answer: `<ms> ok|failed`. */
const PROBE = `
const url = process.argv[1];
let running = true;
process.stdin.on("end", () => (running = false)).resume();
while (running) {
  const t0 = performance.now();
  const res = await fetch(url, { signal: AbortSignal.timeout(10000) }).catch(() => null);
  const ok = res !== null && res.status === 200 && (await res.text()) === "ok";
  process.stdout.write((performance.now() - t0).toFixed(1) + (ok ? " ok" : " failed") + "\\n");
  await new Promise((r) => setTimeout(r, 50));
}
`;

export interface FloodResult {
  healthWorstMs: number;
  healthAnswers: number;
  warmedMb: number;
  peakMb: number;
  afterMb: number;
  responses: number;
  expected: number;
  concurrentRps: number;
  ok: boolean;
}

export async function floodRow(url: string, port: number, pid: number, concurrentSeconds = 5): Promise<FloodResult> {
  // Warm up as a working server is warm (V8 sizes its young generation to the allocation rate, up
  // to some 50 MB): 3 s of distinct answers at 20 connections, then the baseline.
  await autocannon({
    url,
    connections: 20,
    duration: 3,
    requests: [{ setupRequest: (r: object) => ({ ...r, path: calculatorPath() }) }],
    headers: { "accept-encoding": "br, gzip" },
  });
  await new Promise((r) => setTimeout(r, 1000));
  const warmedMb = rssMb(pid);
  let peakMb = warmedMb;
  const sampler = setInterval(() => (peakMb = Math.max(peakMb, rssMb(pid))), 20);

  // The health check is probed from a process of its own, so that the load generator's work in
  // this one does not delay the probe and count as the server's latency.
  const probe = spawn(process.execPath, ["--input-type=module", "-e", PROBE, `${url}/healthz`], {
    stdio: ["pipe", "pipe", "inherit"],
  });
  const samples: Array<{ phase: string; ms: number; ok: boolean }> = [];
  let phase = "pipelined";
  let buffered = "";
  probe.stdout!.on("data", (chunk: Buffer) => {
    buffered += chunk.toString();
    for (let i = buffered.indexOf("\n"); i !== -1; i = buffered.indexOf("\n")) {
      const [ms, ok] = buffered.slice(0, i).split(" ");
      samples.push({ phase, ms: Number(ms), ok: ok === "ok" });
      buffered = buffered.slice(i + 1);
    }
  });
  await new Promise((r) => setTimeout(r, 200));

  const sockets = await Promise.all(Array.from({ length: FLOOD_CONNECTIONS }, () => pipelined(port, FLOOD_PIPELINED)));
  phase = "concurrent";
  const concurrent = await autocannon({
    url,
    connections: 20,
    duration: concurrentSeconds,
    requests: [{ setupRequest: (r: object) => ({ ...r, path: calculatorPath() }) }],
    headers: { "accept-encoding": "br, gzip" },
  });
  const probeExited = new Promise((r) => probe.once("exit", r));
  probe.stdin!.end();
  await probeExited;
  clearInterval(sampler);
  const worst = (p?: string) => Math.max(0, ...samples.filter((s) => !p || s.phase === p).map((s) => s.ms));
  const healthWorstMs = worst();
  const healthAnswers = samples.filter((s) => s.ok).length;
  await new Promise((r) => setTimeout(r, 3000));
  const afterMb = rssMb(pid);
  const responses = sockets.reduce((a, s) => a + s.responses, 0);
  const expected = FLOOD_CONNECTIONS * FLOOD_PIPELINED;
  const ok =
    healthWorstMs <= 500 &&
    healthAnswers > 0 &&
    peakMb <= 250 &&
    afterMb - warmedMb <= 60 &&
    responses === expected &&
    concurrent.errors + concurrent.timeouts + concurrent.non2xx === 0;
  console.log(
    `\npipelined flood: ${FLOOD_CONNECTIONS} connections × ${FLOOD_PIPELINED} calculator requests in one write each, then 20 connections of distinct answers for ${concurrentSeconds} s`,
  );
  console.log(
    `  /healthz worst ${Math.round(healthWorstMs)} ms (pipelined ${Math.round(worst("pipelined"))}, concurrent ${Math.round(worst("concurrent"))}) over ${healthAnswers} answers (goal ≤ 500); flood responses ${responses}/${expected}; 20-connection answers ${Math.round(concurrent.requests.average)} req/s, errors ${concurrent.errors + concurrent.timeouts + concurrent.non2xx}`,
  );
  console.log(
    `  RSS warmed ${warmedMb.toFixed(1)} MB, peak ${peakMb.toFixed(1)} MB (goal ≤ 250), 3 s after ${afterMb.toFixed(1)} MB (+${(afterMb - warmedMb).toFixed(1)}, goal ≤ 60)`,
  );
  return {
    healthWorstMs,
    healthAnswers,
    warmedMb,
    peakMb,
    afterMb,
    responses,
    expected,
    concurrentRps: concurrent.requests.average,
    ok,
  };
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const site = await startBuiltSite({}, process.argv[2]);
  const { ok } = await floodRow(site.url, site.port, site.proc.pid!, Number(process.env.FLOOD_SECONDS ?? 5));
  await stop(site.proc);
  process.exit(ok ? 0 : 1);
}
