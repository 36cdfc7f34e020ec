/**
 * A throwaway PostgreSQL for the test run (issue 31, decision 068): Debian's `postgresql` binaries,
 * a cluster initialised in a temporary directory, listening on a Unix socket in that directory only
 * (no TCP port to pick, decision 033), stopped and deleted at the end of the run, also when tests
 * fail. Root cannot run PostgreSQL: as root, the server runs as the `postgres` user (runuser).
 * Each test file then creates its own database (tests/http/store-fixture.ts), so files run in parallel.
 */
import { execFile, execFileSync } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, watch, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const PORT = 5432; // names the socket file only: the server listens on no TCP address

export interface TestPostgres {
  /** postgres://app@<socket dir>/postgres */
  url: string;
  /** The socket directory (where `.s.PGSQL.5432` lives). */
  dir: string;
  pgCtl(...args: string[]): void;
  stop(): void;
}

export function postgresBin(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = "/usr/lib/postgresql";
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  for (const version of versions)
    if (existsSync(join(root, version, "bin", "pg_ctl"))) return join(root, version, "bin");
  throw new Error(
    "PostgreSQL is needed by the store tests and was not found under /usr/lib/postgresql: " +
      "apt-get install -y postgresql (or set PG_BIN to the directory holding initdb and pg_ctl)",
  );
}

export function postgresUrl(dir: string, database: string): string {
  return `postgres://app@${encodeURIComponent(dir)}/${database}`;
}

/**
 * `durable`: keep PostgreSQL's defaults (fsync on), as a production server runs (npm run bench's
 * sales row); the tests turn fsync off (they kill our server, never PostgreSQL).
 */
export function startPostgres({ durable = false }: { durable?: boolean } = {}): TestPostgres {
  const cluster = prepareCluster(durable);
  try {
    for (const [tool, args] of cluster.steps) cluster.runSync(tool, args);
  } catch (error) {
    cluster.fail(error as Error);
  }
  return cluster.handle;
}

/** Where the background start (below) leaves its outcome: `ready`, or `failed` with the reason. */
const READY = "ready";
const FAILED = "failed";

/**
 * The same cluster started in the background (the suite's global setup): the URL is known at once,
 * `initdb` and the start run beside the first tests (about 1.5 s here), and whoever needs the server
 * waits for `whenPostgresReady(dir)`. `settled` resolves when the start has ended either way.
 */
export function startPostgresInBackground(): TestPostgres & { settled: Promise<void> } {
  const cluster = prepareCluster(false);
  const settled = (async () => {
    try {
      for (const [tool, args] of cluster.steps) await cluster.runAsync(tool, args);
      writeFileSync(join(cluster.handle.dir, READY), "");
    } catch (error) {
      const reason = failure(cluster.handle.dir, error as Error);
      writeFileSync(join(cluster.handle.dir, FAILED), reason);
    }
  })();
  return { ...cluster.handle, settled };
}

/**
 * Resolves when the background start in `dir` is done; throws its reason if it failed (the run fails:
 * the PostgreSQL tests are never skipped). Waits on the directory's changes, not on a clock.
 */
export async function whenPostgresReady(dir: string, timeoutMs = 60_000): Promise<void> {
  const outcome = () => {
    if (existsSync(join(dir, FAILED))) throw new Error(readFileSync(join(dir, FAILED), "utf8"));
    return existsSync(join(dir, READY));
  };
  await new Promise<void>((resolve, reject) => {
    const watcher = watch(dir, () => {
      try {
        if (outcome()) done(resolve);
      } catch (error) {
        done(() => reject(error as Error));
      }
    });
    const timer = setTimeout(
      () => done(() => reject(new Error(`PostgreSQL did not start within ${timeoutMs / 1000} s (${dir})`))),
      timeoutMs,
    );
    const done = (then: () => void) => {
      clearTimeout(timer);
      watcher.close();
      then();
    };
    // Already there (or landed before the watch began).
    try {
      if (outcome()) done(resolve);
    } catch (error) {
      done(() => reject(error as Error));
    }
  });
}

function failure(dir: string, error: Error): string {
  const log = existsSync(join(dir, "log")) ? readFileSync(join(dir, "log"), "utf8").slice(-2000) : "";
  return `PostgreSQL did not start: ${error.message}\n${log}`;
}

/** A cluster's directory, its two start steps (initdb, pg_ctl start) and its handle. */
function prepareCluster(durable: boolean) {
  const bin = postgresBin();
  const dir = mkdtempSync(join(tmpdir(), "xia-test-pg-"));
  const asRoot = process.getuid?.() === 0;
  const command = (tool: string, args: string[]): [string, string[]] =>
    asRoot ? ["runuser", ["-u", "postgres", "--", join(bin, tool), ...args]] : [join(bin, tool), args];
  const runSync = (tool: string, args: string[]) =>
    execFileSync(...command(tool, args), { stdio: ["ignore", "ignore", "pipe"] });
  const runAsync = (tool: string, args: string[]) =>
    new Promise<void>((resolve, reject) =>
      execFile(...command(tool, args), (error, _stdout, stderr) =>
        error ? reject(new Error(`${error.message}${stderr}`)) : resolve(),
      ),
    );
  if (asRoot) execFileSync("chown", ["postgres", dir]);
  chmodSync(dir, 0o755);
  const data = join(dir, "data");
  const pgCtl = (...args: string[]) => void runSync("pg_ctl", ["-D", data, ...args]);
  // No TCP, the socket here, no durability work (the tests kill our server, never PostgreSQL).
  const options = `-p ${PORT} -k ${dir} -c listen_addresses= ${durable ? "" : "-c fsync=off "}-c max_connections=200`;
  const steps: [string, string[]][] = [
    ["initdb", ["-D", data, "-A", "trust", "-U", "app", "-E", "UTF8", "--no-sync", "--no-instructions"]],
    ["pg_ctl", ["-D", data, "-o", options, "-l", join(dir, "log"), "-w", "-t", "30", "start"]],
  ];
  let stopped = false;
  const handle: TestPostgres = {
    url: postgresUrl(dir, "postgres"),
    dir,
    pgCtl,
    stop() {
      if (stopped) return;
      stopped = true;
      try {
        if (existsSync(join(data, "postmaster.pid"))) pgCtl("-m", "immediate", "-w", "stop");
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
  return {
    steps,
    runSync,
    runAsync,
    handle,
    fail(error: Error): never {
      const reason = failure(dir, error);
      rmSync(dir, { recursive: true, force: true });
      throw new Error(reason);
    },
  };
}
