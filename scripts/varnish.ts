/**
 * Debian's varnishd with deploy/varnish.vcl in front of a local origin, for the tests
 * (tests/http/varnish.test.ts) and `npm run bench`. Runs in the foreground (-F), without its jail
 * (-j none: these containers run as root), in a working directory of its own, on a port the OS
 * picks when varnishd binds (`-a 127.0.0.1:0`), read back with `varnishadm debug.listen_address`.
 */
import { spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { killGroup, spawnTracked } from "./lib";

export const VARNISHD = process.env.VARNISHD ?? "/usr/sbin/varnishd";
export const VCL_FILE = "deploy/varnish.vcl";

export interface Varnish {
  url: string;
  port: number;
  proc: ChildProcess;
  /** Varnish's counters (varnishstat), e.g. MAIN.cache_hit. */
  counters(): Record<string, number>;
  /** Varnish's shared-memory log so far (varnishlog -d), records grouped by transaction id. */
  log(tags: string[]): Map<number, Array<[string, string]>>;
  stop(): Promise<void>;
}

/** deploy/varnish.vcl with its backend pointed at `origin`; only that line changes. */
export function vclFor(originPort: number): string {
  const vcl = readFileSync(VCL_FILE, "utf8");
  const lines = vcl.match(/^ {4}\.port = "\d+";$/gm) ?? [];
  if (lines.length !== 1) throw new Error(`${VCL_FILE}: expected one backend .port line, found ${lines.length}`);
  return vcl.replace(lines[0], `    .port = "${originPort}";`);
}

function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

export async function startVarnish(originPort: number, memory = "64m"): Promise<Varnish> {
  const dir = mkdtempSync(join(tmpdir(), "varnish-"));
  const vclFile = join(dir, "site.vcl");
  writeFileSync(vclFile, vclFor(originPort));
  const workdir = join(dir, "n");
  const proc = spawnTracked(
    VARNISHD,
    ["-F", "-a", "127.0.0.1:0", "-f", vclFile, "-n", workdir, "-s", `malloc,${memory}`, "-j", "none"],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  let output = "";
  proc.stdout!.on("data", (c) => (output += c));
  proc.stderr!.on("data", (c) => (output += c));
  const exited = new Promise<void>((r) => proc.once("exit", () => r()));

  // The port it bound ("a0 127.0.0.1 PORT" once its management interface answers), then accepting.
  const deadline = Date.now() + 30_000;
  let port: number | undefined;
  while (port === undefined || !(await listening(port))) {
    if (proc.exitCode !== null || Date.now() > deadline) {
      killGroup(proc);
      rmSync(dir, { recursive: true, force: true });
      throw new Error(`varnishd did not start${port ? ` on port ${port}` : ""}:\n${output}`);
    }
    if (port === undefined) {
      const asked = spawnSync("varnishadm", ["-n", workdir, "debug.listen_address"], {
        encoding: "utf8",
        timeout: 5_000,
      });
      const found = asked.status === 0 ? asked.stdout.match(/^\S+ 127\.0\.0\.1 (\d+)$/m) : null;
      if (found) port = Number(found[1]);
    }
    await new Promise((r) => setTimeout(r, 50));
  }

  const tool = (name: string, args: string[]) => {
    const run = spawnSync(name, ["-n", workdir, ...args], { encoding: "utf8", timeout: 10_000 });
    if (run.status !== 0) throw new Error(`${name} failed: ${run.stderr}`);
    return run.stdout;
  };

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    proc,
    counters() {
      const json = JSON.parse(tool("varnishstat", ["-1", "-j"]));
      const counters: Record<string, { value: number }> = json.counters ?? json;
      return Object.fromEntries(
        Object.entries(counters)
          .filter(([, c]) => typeof c === "object" && c !== null && "value" in c)
          .map(([name, c]) => [name, c.value]),
      );
    },
    log(tags) {
      const records = new Map<number, Array<[string, string]>>();
      for (const line of tool("varnishlog", ["-d", "-g", "raw", "-i", tags.join(",")]).split("\n")) {
        const m = line.match(/^\s*(\d+)\s+(\S+)\s+[bc-]\s(.*)$/);
        if (!m) continue;
        const vxid = Number(m[1]);
        if (!records.has(vxid)) records.set(vxid, []);
        records.get(vxid)!.push([m[2], m[3]]);
      }
      return records;
    },
    async stop() {
      if (proc.exitCode === null && proc.signalCode === null) {
        proc.kill("SIGTERM");
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
