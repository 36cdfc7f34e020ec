/**
 * Shared by bench, load, audit, observatory and the tests: start the built server as the Procfile
 * does, on a port the OS picks at bind time (PORT=0; the server names it in its start-up line), and
 * measure it. No port number is ever chosen before the process that binds it (decision 033).
 */
import { spawn, type ChildProcess, type SpawnOptions } from "node:child_process";
import { appendFileSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";

export interface Started {
  proc: ChildProcess;
  url: string;
  port: number;
  coldStartMs: number;
}

/**
 * The port a server's start-up line names: JSON in production (`"msg":"started","port":N`), text in
 * development (`started port=N`). The last such line counts (`npm run dev` restarts the server).
 */
export function startedPort(output: string): number | undefined {
  const ports = [...output.matchAll(/"msg":"started","port":(\d+)|^started port=(\d+)/gm)];
  const last = ports.at(-1);
  return last ? Number(last[1] ?? last[2]) : undefined;
}

/** In the run's directory: one line per process `spawnTracked` started (its program and script). */
export const STARTED_LOG = "started.log";
/**
 * In the run's directory: one line per site a browser file started (tests/e2e/helpers.ts), the
 * documents Chromium loaded from it (navigations and frames).
 */
export const SITES_LOG = "browser-sites.log";

/**
 * Test runs set XIA_TEST_PROCESSES (tests/global-processes.ts) to a directory: every process
 * spawned through `spawnTracked` leaves a file there, named by its pid, until it exits; the run's
 * global teardown ends whatever a test left behind (decision 034).
 */
function track(proc: ChildProcess, what: string): void {
  const dir = process.env.XIA_TEST_PROCESSES;
  if (!dir || !proc.pid) return;
  const file = join(dir, String(proc.pid));
  try {
    writeFileSync(file, processStartTime(proc.pid) ?? "");
    // What the run started, counted by the teardown (issue 39: the suite's fixed costs).
    appendFileSync(join(dir, STARTED_LOG), `${what}\n`);
  } catch {
    return; // the run's directory is gone: nothing to record into
  }
  proc.once("exit", () => rmSync(file, { force: true }));
}

/** When a process started, in clock ticks since boot (/proc/PID/stat field 22): tells a pid reused by another process. */
export function processStartTime(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19];
  } catch {
    return undefined;
  }
}

/**
 * `spawn` in a process group of its own (so that ending it ends what it started: cluster workers,
 * Varnish's child), recorded for the test run's teardown.
 */
export function spawnTracked(command: string, args: string[], options: SpawnOptions = {}): ChildProcess {
  const proc = spawn(command, args, { ...options, detached: true });
  track(proc, [basename(command), args.find((a) => /\.(m?js|ts)$/.test(a)) ?? ""].join(" ").trim());
  return proc;
}

/** SIGKILL to what `spawnTracked` started and everything in its process group; nothing if all are gone. */
export function killGroup(proc: ChildProcess): void {
  if (!proc.pid) return;
  try {
    process.kill(-proc.pid, "SIGKILL");
  } catch {
    /* the group is gone already */
  }
}

export interface Finished {
  /** The exit code, or null when a signal ended it (`signal`). */
  status: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs a command to its end and resolves with what it wrote: the signal waited on is the process's
 * own exit, never a clock (issue 29 item 8: `spawnSync` with a 10 s `timeout` killed a start-up that
 * took longer on a busy machine, and the test read a status of null). A process that never ends is
 * the test's timeout's to report; it is tracked (`spawnTracked`), so the run's teardown ends it.
 */
export function runToExit(
  command: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; cwd?: string } = {},
): Promise<Finished> {
  return new Promise((resolve, reject) => {
    const proc = spawnTracked(command, args, { ...options, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    proc.stdout!.setEncoding("utf8").on("data", (c: string) => (stdout += c));
    proc.stderr!.setEncoding("utf8").on("data", (c: string) => (stderr += c));
    proc.once("error", reject);
    proc.once("close", (status, signal) => resolve({ status, signal, stdout, stderr }));
  });
}

export interface Running {
  proc: ChildProcess;
  /** The port the server bound, read from its start-up line. */
  port: number;
  /** Everything the process wrote so far, stdout and stderr in arrival order. */
  output(): string;
  /** What it wrote to stdout only. */
  stdout(): string;
  /** What it wrote to stderr only. */
  stderr(): string;
  exited: Promise<number | null>;
}

/**
 * Spawns a server with PORT=0 and resolves once its start-up line names
 * the port it bound. Its output keeps being read (a full pipe would stall it). A process that exits
 * or says nothing within `timeoutMs` is ended and the error carries what it wrote; `Infinity` waits
 * for the line or the exit alone (tests: the test's timeout catches a hang).
 */
export async function startServer(
  command: string,
  args: string[],
  env: Record<string, string | undefined>,
  {
    timeoutMs = 20_000,
    cwd,
    echoStderr = false,
    keepOutput = true,
  }: {
    timeoutMs?: number;
    cwd?: string;
    /** Pass its stderr on to ours as well. */
    echoStderr?: boolean;
    /** false: stop collecting stdout once started (bench and load runs log a line per request). */
    keepOutput?: boolean;
  } = {},
): Promise<Running> {
  const proc = spawnTracked(command, args, { cwd, env: { ...env, PORT: "0" }, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  let stdout = "";
  let stderr = "";
  let started = false;
  proc.stdout!.on("data", (c) => {
    if (!keepOutput && started) return;
    output += c;
    stdout += c;
  });
  proc.stderr!.on("data", (c) => {
    output += c;
    stderr += c;
    if (echoStderr) process.stderr.write(c);
  });
  const exited = new Promise<number | null>((r) => proc.once("exit", (code) => r(code)));
  const port = await new Promise<number>((resolve, reject) => {
    const fail = (why: string) => {
      clearInterval(poll);
      clearTimeout(timer);
      killGroup(proc);
      reject(new Error(`${command} ${args.join(" ")}: ${why}\n${output}`));
    };
    const poll = setInterval(() => {
      const found = startedPort(output);
      if (found !== undefined) {
        clearInterval(poll);
        clearTimeout(timer);
        resolve(found);
      } else if (proc.exitCode !== null || proc.signalCode !== null)
        fail(`exited (${proc.exitCode ?? proc.signalCode})`);
    }, 10);
    const timer = Number.isFinite(timeoutMs)
      ? setTimeout(() => fail(`no start-up line within ${timeoutMs} ms`), timeoutMs)
      : undefined;
  });
  started = true;
  return { proc, port, output: () => output, stdout: () => stdout, stderr: () => stderr, exited };
}

/**
 * Spawns `node dist/server.js` (or `entry`: another build to compare; NODE_ENV=production, PORT=0) and
 * waits for its first 200 on `/`, at most `timeoutMs` for each (tests pass `Infinity`: the test's own
 * timeout catches a hang, and a loaded machine never fails a start that was only slow).
 */
export async function startBuiltSite(
  env: Record<string, string> = {},
  entry = "dist/server.js",
  timeoutMs = 20_000,
): Promise<Started & Running> {
  const t0 = performance.now();
  const running = await startServer(
    process.execPath,
    [entry],
    { ...process.env, NODE_ENV: "production", FORCE_HTTPS: "false", ...env },
    { echoStderr: true, keepOutput: false, timeoutMs },
  );
  const url = `http://127.0.0.1:${running.port}`;
  try {
    await waitForOk(url + "/", running.proc, timeoutMs);
  } catch (error) {
    killGroup(running.proc);
    throw error;
  }
  return { ...running, url, coldStartMs: performance.now() - t0 };
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

/** SIGTERM, then waits for the exit (the server's graceful stop). */
export async function stop(proc: ChildProcess): Promise<void> {
  if (proc.exitCode !== null || proc.signalCode !== null) return;
  const exited = new Promise((r) => proc.once("exit", r));
  proc.kill("SIGTERM");
  await exited;
}

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
