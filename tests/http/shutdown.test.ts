import { Agent } from "node:http";
import { fileURLToPath } from "node:url";
import { describe, expect, it, vi } from "vitest";
import { killGroup } from "../../scripts/lib";
import { get, startProcfile, type Outcome } from "./procfile";

// WEB_CONCURRENCY 1 (one process) and 2 (a primary and two workers, cluster.ts): the same rules.
describe.each([1, 2])("graceful shutdown, WEB_CONCURRENCY=%i", (concurrency) => {
  it("SIGTERM during load: exit 0 within 10 s, every accepted request answered in full", async () => {
    const site = await startProcfile({
      WEB_CONCURRENCY: String(concurrency),
      NODE_OPTIONS: `--import=${fileURLToPath(new URL("./request-ledger.mjs", import.meta.url))}`,
    });
    const agent = new Agent({ keepAlive: true, maxSockets: 16 });
    const requests: Array<{ start: number; end: number; outcome: Outcome }> = [];
    let running = true;
    try {
      const clients = Array.from({ length: 16 }, async () => {
        while (running) {
          const start = performance.now();
          const outcome = await get(site.port, agent);
          requests.push({ start, end: performance.now(), outcome });
          if (outcome === "refused" || outcome === "idle-closed") break;
        }
      });
      await vi.waitFor(() => expect(requests.length).toBeGreaterThanOrEqual(300), { timeout: 15_000, interval: 5 });
      const signalledAt = performance.now();
      site.proc.kill("SIGTERM");
      const code = await site.exited;
      const took = performance.now() - signalledAt;
      running = false;
      await Promise.all(clients);

      expect(code).toBe(0);
      expect(took).toBeLessThan(10_000);
      const count = (outcome: Outcome) => requests.filter((r) => r.outcome === outcome).length;
      // A fresh connection can be reset before any byte of an answer once the signal came, and it
      // is allowed, counted, and only then: the kernel had completed it into the listen backlog but
      // the server never accepted it, and closing the listening socket resets what is still queued
      // there (seen with one process in a loaded CI run: four connections queued 80 ms). With
      // workers, the primary also hands a draining worker a fresh connection it no longer serves
      // (Node's cluster round robin; the same race as a killed worker's, cluster.test.ts). A reset
      // once the answer had begun is reported by get() as another failure ("aborted"), and one
      // before the signal fails the test; the server's ledger below proves none was a request it read.
      const drainResets = requests.filter((r) => r.end >= signalledAt && r.outcome === "failed: ECONNRESET");
      const failed = requests.filter((r) => r.outcome.startsWith("failed") && !drainResets.includes(r));
      expect(failed).toEqual([]);
      expect(count("ok")).toBeGreaterThanOrEqual(300);
      // The server's side (tests/http/request-ledger.mjs, one line per process): every request it
      // received it answered in full, and each of those reached the client whole. So the resets
      // above were on connections it never read a request from, not answers it dropped.
      const ledgers = [...site.stderr().matchAll(/^request-ledger pid=\d+ received=(\d+) finished=(\d+) cut=(\d+)$/gm)];
      expect(ledgers).toHaveLength(concurrency === 1 ? 1 : 1 + concurrency);
      const total = (i: number) => ledgers.reduce((sum, m) => sum + Number(m[i]), 0);
      expect({ received: total(1), finished: total(2), cut: total(3) }).toEqual({
        received: count("ok"),
        finished: count("ok"),
        cut: 0,
      });
      console.log(
        `shutdown under load (WEB_CONCURRENCY=${concurrency}): ${Math.round(took)} ms to exit; ${count("ok")} answered in full, ${count("refused")} refused after close, ${count("idle-closed")} written onto idle sockets being closed, ${drainResets.length} fresh connections reset during drain before any byte, ${failed.length} failed`,
      );
      // One line at start, one per request, one at shutdown with its reason, one when stopped.
      const output = site.output();
      expect(output).toMatch(/"msg":"shutting down","reason":"SIGTERM"/);
      expect(output).toMatch(/"msg":"stopped","reason":"SIGTERM"/);
      expect(output).toMatch(/"msg":"request","method":"GET","path":"\/en","status":200/);
    } finally {
      running = false;
      agent.destroy();
      // A failure above must not leave the server (or its workers) running.
      killGroup(site.proc);
    }
  });
});
