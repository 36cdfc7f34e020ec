import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { Agent, request } from "node:http";
import { describe, expect, it, vi } from "vitest";

/** The Procfile's web command, run as the platform runs it. */
const procfileCommand = readFileSync("Procfile", "utf8").match(/^web:\s*(.+)$/m)![1];

/**
 * ok: answered in full. refused: the server had stopped accepting. idle-closed: written onto a
 * keep-alive socket the server closed as idle, so never read by it (Node's documented race:
 * `req.reusedSocket` with ECONNRESET, which clients retry). Anything else failed.
 */
type Outcome = "ok" | "refused" | "idle-closed" | `failed: ${string}`;

function get(port: number, agent: Agent): Promise<Outcome> {
  return new Promise((resolve) => {
    const req = request(
      {
        host: "127.0.0.1",
        port,
        path: "/en",
        agent,
        headers: { "accept-encoding": "br", "x-forwarded-proto": "https" },
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

describe("graceful shutdown", () => {
  it("SIGTERM during load: exit 0 within 10 s, every accepted request answered in full", async () => {
    const port = 4300 + Math.floor(Math.random() * 500);
    const proc = spawn("bash", ["-c", procfileCommand], {
      env: { ...process.env, PORT: String(port) },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    proc.stdout.on("data", (c) => (stdout += c));
    proc.stderr.on("data", (c) => (stdout += c));
    const exited = new Promise<number | null>((r) => proc.on("exit", (code) => r(code)));
    await vi.waitFor(() => expect(stdout).toContain('"msg":"started"'), { timeout: 10_000, interval: 50 });

    const agent = new Agent({ keepAlive: true, maxSockets: 16 });
    const outcomes: Outcome[] = [];
    let signalledAt = 0;
    let running = true;
    const workers = Array.from({ length: 16 }, async () => {
      while (running) {
        const outcome = await get(port, agent);
        outcomes.push(outcome);
        if (outcome === "refused" || outcome === "idle-closed") break;
      }
    });
    await vi.waitFor(() => expect(outcomes.length).toBeGreaterThanOrEqual(300), { timeout: 15_000, interval: 5 });
    signalledAt = Date.now();
    proc.kill("SIGTERM");
    const code = await exited;
    const took = Date.now() - signalledAt;
    running = false;
    await Promise.all(workers);
    agent.destroy();

    expect(code).toBe(0);
    expect(took).toBeLessThan(10_000);
    const failed = outcomes.filter((o) => o.startsWith("failed"));
    expect(failed).toEqual([]);
    expect(outcomes.filter((o) => o === "ok").length).toBeGreaterThanOrEqual(300);
    console.log(
      `shutdown under load: ${took} ms to exit; ${outcomes.filter((o) => o === "ok").length} answered in full, ${outcomes.filter((o) => o === "refused").length} refused after close, ${outcomes.filter((o) => o === "idle-closed").length} written onto idle sockets being closed, ${failed.length} failed`,
    );
    // One line at start, one per request, one at shutdown with its reason, one when stopped.
    expect(stdout).toMatch(/"msg":"shutting down","reason":"SIGTERM"/);
    expect(stdout).toMatch(/"msg":"stopped","reason":"SIGTERM"/);
    expect(stdout).toMatch(/"msg":"request","method":"GET","path":"\/en","status":200/);
  }, 30_000);
});
