/**
 * The built server run as the platform runs it (the Procfile's web command), and the client side
 * of the fault tests: requests whose outcome says whether the server had accepted them.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { type Agent, request } from "node:http";
import { vi } from "vitest";
import { freePort } from "../../scripts/lib";

/** The Procfile's web command. */
export const procfileCommand = readFileSync("Procfile", "utf8").match(/^web:\s*(.+)$/m)![1];

/**
 * ok: answered in full. refused: the server had stopped accepting. idle-closed: written onto a
 * keep-alive socket the server closed as idle, so never read by it (Node's documented race:
 * `req.reusedSocket` with ECONNRESET, which clients retry). Anything else failed.
 */
export type Outcome = "ok" | "refused" | "idle-closed" | `failed: ${string}`;

export function get(port: number, agent: Agent, path = "/en"): Promise<Outcome> {
  return new Promise((resolve) => {
    const req = request(
      {
        host: "127.0.0.1",
        port,
        path,
        agent,
        headers: { "accept-encoding": "br", "x-forwarded-proto": "https" },
        timeout: 10_000,
      },
      (res) => {
        let bytes = 0;
        res.on("data", (c: Buffer) => (bytes += c.length));
        res.on("end", () =>
          resolve(
            res.statusCode === 200 && bytes === Number(res.headers["content-length"])
              ? "ok"
              : `failed: status ${res.statusCode}, ${bytes} of ${res.headers["content-length"]} bytes`,
          ),
        );
        res.on("error", (e) => resolve(`failed: ${e.message}`));
      },
    );
    req.on("timeout", () => req.destroy(new Error("no answer within 10 s")));
    req.on("error", (e: NodeJS.ErrnoException) =>
      resolve(
        e.code === "ECONNREFUSED"
          ? "refused"
          : e.code === "ECONNRESET" && req.reusedSocket
            ? "idle-closed"
            : `failed: ${e.code ?? e.message}`,
      ),
    );
    req.end();
  });
}

export interface Running {
  proc: ChildProcess;
  port: number;
  /** Everything the process wrote so far (stdout and stderr). */
  output(): string;
  exited: Promise<number | null>;
}

/** Starts the Procfile's command on a free port and waits for its "started" line. */
export async function startProcfile(env: Record<string, string> = {}): Promise<Running> {
  const port = await freePort();
  const proc = spawn("bash", ["-c", procfileCommand], {
    env: { ...process.env, PORT: String(port), ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  proc.stdout.on("data", (c) => (output += c));
  proc.stderr.on("data", (c) => (output += c));
  const exited = new Promise<number | null>((r) => proc.on("exit", (code) => r(code)));
  await vi.waitFor(
    () => {
      if (proc.exitCode !== null) throw new Error(`exited with ${proc.exitCode}: ${output}`);
      if (!output.includes('"msg":"started"')) throw new Error("not started yet");
    },
    { timeout: 15_000, interval: 50 },
  );
  return { proc, port, output: () => output, exited };
}

/** The pids of a process's children (Linux /proc). */
export function childPids(pid: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // pid (comm) state ppid …: comm may hold spaces, so read after its closing parenthesis.
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      if (Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === pid) children.push(Number(entry));
    } catch {
      /* gone meanwhile */
    }
  }
  return children;
}
