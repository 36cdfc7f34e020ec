import { spawn } from "node:child_process";
import { Agent } from "node:http";
import { describe, expect, it, vi } from "vitest";
import { freePort } from "../../scripts/lib";
import { get, procfileCommand, type Outcome } from "./procfile";

// WEB_CONCURRENCY 1 (one process) and 2 (a primary and two workers, cluster.ts): the same rules.
describe.each([1, 2])("graceful shutdown, WEB_CONCURRENCY=%i", (concurrency) => {
  it("SIGTERM during load: exit 0 within 10 s, every accepted request answered in full", async () => {
    const port = await freePort();
    const proc = spawn("bash", ["-c", procfileCommand], {
      env: { ...process.env, PORT: String(port), WEB_CONCURRENCY: String(concurrency) },
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
