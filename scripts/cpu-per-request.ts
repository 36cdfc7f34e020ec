/**
 * CPU time the server spends per request, for a URL (from /proc/<pid>/stat, user + system): a figure
 * that busy neighbours on a shared machine disturb far less than req/s. Compares the cached page
 * with distinct calculator answers, for this build or another one (to compare before/after):
 *   npx tsx build.ts && npx tsx scripts/cpu-per-request.ts [path/to/server.js]
 */
import { readFileSync } from "node:fs";
import { Agent, request } from "node:http";
import { startBuiltSite, stop } from "./lib";

const N = Number(process.env.CPU_REQUESTS ?? 1000);
const TICK_MS = 10; // USER_HZ 100 on Linux

function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}

const site = await startBuiltSite({}, process.argv[2]);
const agent = new Agent({ keepAlive: true, maxSockets: 4 });
const fetchOnce = (path: string) =>
  new Promise<void>((resolve, reject) =>
    request({ host: "127.0.0.1", port: site.port, path, agent, headers: { "accept-encoding": "br, gzip" } }, (res) => {
      res.resume();
      res.on("end", resolve);
    })
      .on("error", reject)
      .end(),
  );

async function measure(name: string, path: (i: number) => string) {
  for (let i = 0; i < 100; i++) await fetchOnce(path(i)); // warm
  const before = cpuMs(site.proc.pid!);
  for (let i = 0; i < N; i += 4) await Promise.all([0, 1, 2, 3].map((k) => fetchOnce(path(1000 + i + k))));
  const perRequest = (cpuMs(site.proc.pid!) - before) / N;
  console.log(`  ${name.padEnd(34)} ${(perRequest * 1000).toFixed(0)} µs CPU per request`);
  return perRequest;
}

console.log(
  `server CPU per request, ${N} requests each, Accept-Encoding: br, gzip (${process.argv[2] ?? "dist/server.js"})`,
);
const cached = await measure("cached page /en", () => "/en");
const calc = await measure("calculator answers (distinct)", (i) => `/en?leads=${100 + i}&interactions=${1 + (i % 30)}`);
console.log(`  calculator / cached CPU: ${(calc / cached).toFixed(2)}× (req/s ratio ≈ ${(cached / calc).toFixed(2)})`);
agent.destroy();
await stop(site.proc);
