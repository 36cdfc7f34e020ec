/**
 * The built server run as the platform runs it (the Procfile's web command), and the client side
 * of the fault tests: requests whose outcome says whether the server had accepted them.
 */
import { readdirSync, readFileSync } from "node:fs";
import { type Agent, request } from "node:http";
import { startServer, type Running } from "../../scripts/lib";

export type { Running };

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

/**
 * Starts the Procfile's command on a port the OS picks (PORT=0) and waits for its start-up line or
 * its exit, however long a busy machine makes that take: no clock of its own (issue 29 item 8, a
 * 20 s limit failed the shutdown test under load); a start-up that hangs is the test's timeout's.
 */
export function startProcfile(env: Record<string, string> = {}): Promise<Running> {
  return startServer("bash", ["-c", procfileCommand], { ...process.env, ...env }, { timeoutMs: Infinity });
}

/**
 * A process's stderr without Node's own runtime warnings ("(node:PID) SomeWarning: …" and the
 * "(Use `node --trace-warnings …`" hint after it), which a new Node release or a dependency may add
 * at any time: what remains is what the program itself wrote.
 */
export function withoutNodeWarnings(stderr: string): string {
  return stderr
    .split(/(?<=\n)/)
    .filter((line) => !/^\(node:\d+\) (\[[\w-]+\] )?\w*Warning: |^\(Use `node --trace-/.test(line))
    .join("");
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
