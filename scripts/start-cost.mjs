/**
 * The built server's start in CPU-seconds (decision 135): `START_RUNS` (10) starts of each server
 * file given (default dist/server.js), alternately, each to its `started` line and then SIGTERM.
 * Counted from /proc/self/stat (the CPU time of children waited for, their cluster workers
 * included), so it runs on Linux only. `WEB_CONCURRENCY=2` measures a primary with two workers.
 *
 *   node scripts/start-cost.mjs [dist/server.js] [/tmp/before/dist/server.js] …
 */
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";

const files = process.argv.slice(2).length ? process.argv.slice(2) : ["dist/server.js"];
const runs = Number(process.env.START_RUNS ?? 10);
const ticks = 100; // USER_HZ on Linux

/** CPU-seconds of the children this process has waited for (cutime + cstime). */
function childrenCpu() {
  const fields = readFileSync("/proc/self/stat", "utf8").split(") ")[1].split(" ");
  return (Number(fields[13]) + Number(fields[14])) / ticks;
}

function startAndStop(file) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [file], {
      env: { ...process.env, PORT: "0", NODE_ENV: "production" },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    child.stdout.on("data", (chunk) => {
      out += chunk;
      if (out.includes('"msg":"started"')) {
        out = "";
        child.kill("SIGTERM");
      }
    });
    child.on("error", reject);
    child.on("exit", (code, signal) =>
      code === 0 || signal === "SIGTERM" ? resolve() : reject(new Error(`${file} exited ${code ?? signal}`)),
    );
  });
}

const totals = new Map(files.map((file) => [file, { cpu: 0, wall: 0 }]));
for (let run = 0; run < runs; run++)
  for (const file of files) {
    const cpu = childrenCpu();
    const wall = performance.now();
    await startAndStop(file);
    const total = totals.get(file);
    total.cpu += childrenCpu() - cpu;
    total.wall += performance.now() - wall;
  }
const workers = process.env.WEB_CONCURRENCY ?? "1";
for (const [file, { cpu, wall }] of totals)
  console.log(
    `${file}: ${(cpu / runs).toFixed(3)} CPU-s, ${(wall / runs / 1000).toFixed(3)} s wall a start (${runs} starts, WEB_CONCURRENCY=${workers}; load ${readFileSync("/proc/loadavg", "utf8").split(" ")[0]})`,
  );
