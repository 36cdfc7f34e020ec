/** Shared by bench, load and audit: start the built server as the Procfile does, and measure it. */
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer } from "node:net";

export interface Started {
  proc: ChildProcess;
  url: string;
  port: number;
  coldStartMs: number;
}

/** Spawns `node dist/server.js` (or `entry`: another build to compare; NODE_ENV=production) and waits for its first 200 on `/`. */
export async function startBuiltSite(
  port: number,
  env: Record<string, string> = {},
  entry = "dist/server.js",
): Promise<Started> {
  const t0 = performance.now();
  const proc = spawn(process.execPath, [entry], {
    env: { ...process.env, NODE_ENV: "production", PORT: String(port), FORCE_HTTPS: "false", ...env },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForOk(url + "/", proc);
  } catch (error) {
    proc.kill("SIGKILL");
    throw error;
  }
  return { proc, url, port, coldStartMs: performance.now() - t0 };
}

export async function waitForOk(url: string, proc?: ChildProcess, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (proc && proc.exitCode !== null) throw new Error(`process exited with ${proc.exitCode}`);
    try {
      const res = await fetch(url, { headers: { "x-forwarded-proto": "https" }, redirect: "manual" });
      if (res.status === 200) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 5));
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs} ms`);
}

/** Resident set size of a process, in MB (Linux /proc). */
export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(status.match(/VmRSS:\s+(\d+) kB/)![1]) / 1024;
}

export async function stop(proc: ChildProcess): Promise<void> {
  if (proc.exitCode !== null) return;
  const exited = new Promise((r) => proc.once("exit", r));
  proc.kill("SIGTERM");
  await exited;
}

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** A TCP port nothing listens on right now (the kernel picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
