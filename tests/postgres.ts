/**
 * A throwaway PostgreSQL for the test run (issue 31, decision 068): Debian's `postgresql` binaries,
 * a cluster initialised in a temporary directory, listening on a Unix socket in that directory only
 * (no TCP port to pick, decision 033), stopped and deleted at the end of the run, also when tests
 * fail. Root cannot run PostgreSQL: as root, the server runs as the `postgres` user (runuser).
 * Each test file then creates its own database (tests/http/store-fixture.ts), so files run in parallel.
 */
import { execFileSync } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
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
  const bin = postgresBin();
  const dir = mkdtempSync(join(tmpdir(), "xia-test-pg-"));
  const asRoot = process.getuid?.() === 0;
  const run = (tool: string, args: string[]) =>
    execFileSync(
      asRoot ? "runuser" : join(bin, tool),
      asRoot ? ["-u", "postgres", "--", join(bin, tool), ...args] : args,
      {
        stdio: ["ignore", "ignore", "pipe"],
      },
    );
  if (asRoot) execFileSync("chown", ["postgres", dir]);
  chmodSync(dir, 0o755);
  const data = join(dir, "data");
  const pgCtl = (...args: string[]) => run("pg_ctl", ["-D", data, ...args]);
  try {
    run("initdb", ["-D", data, "-A", "trust", "-U", "app", "-E", "UTF8", "--no-sync", "--no-instructions"]);
    // No TCP, the socket here, no durability work (the tests kill our server, never PostgreSQL).
    const options = `-p ${PORT} -k ${dir} -c listen_addresses= ${durable ? "" : "-c fsync=off "}-c max_connections=200`;
    pgCtl("-o", options, "-l", join(dir, "log"), "-w", "-t", "30", "start");
  } catch (error) {
    const log = existsSync(join(dir, "log")) ? readFileSync(join(dir, "log"), "utf8").slice(-2000) : "";
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`PostgreSQL did not start: ${(error as Error).message}\n${log}`);
  }
  let stopped = false;
  return {
    url: postgresUrl(dir, "postgres"),
    dir,
    pgCtl,
    stop() {
      if (stopped) return;
      stopped = true;
      try {
        pgCtl("-m", "immediate", "-w", "stop");
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
