import { Agent } from "node:http";
import { describe, expect, it, vi } from "vitest";
import { runToExit } from "../../scripts/lib";
import { childPids, get, startProcfile, withoutNodeWarnings, type Outcome } from "./procfile";

const CONNECTIONS = 16;

describe("WEB_CONCURRENCY", () => {
  it("a bad value stops start-up with one line naming it", async () => {
    const run = await runToExit(process.execPath, ["dist/server.js"], {
      env: { PATH: process.env.PATH, NODE_ENV: "production", WEB_CONCURRENCY: "0" },
    });
    expect(run.status).toBe(1);
    expect(withoutNodeWarnings(run.stderr)).toBe(
      "Configuration error: WEB_CONCURRENCY must be a whole number from 1 to 64\n",
    );
  });

  it("unset: one process, no workers", async () => {
    const site = await startProcfile({ WEB_CONCURRENCY: "" });
    try {
      expect(childPids(site.proc.pid!)).toEqual([]);
      expect(site.output()).not.toContain('"workers"');
    } finally {
      site.proc.kill("SIGTERM");
    }
    expect(await site.exited).toBe(0);
  });
});

describe("WEB_CONCURRENCY=2: a worker killed under load", () => {
  it("SIGKILL to one worker: the other keeps serving, it is replaced, only its requests in flight fail", async () => {
    const site = await startProcfile({ WEB_CONCURRENCY: "2" });
    const primary = site.proc.pid!;
    try {
      // Both workers forked and listening (on a loaded machine the second may still be starting).
      await vi.waitFor(() => expect(childPids(primary)).toHaveLength(2), { timeout: 15_000, interval: 20 });
      const workers = childPids(primary);

      const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });
      const requests: Array<{ start: number; outcome: Outcome }> = [];
      let running = true;
      const clients = Array.from({ length: CONNECTIONS }, async () => {
        while (running) {
          const start = performance.now();
          requests.push({ start, outcome: await get(site.port, agent, "/") });
        }
      });
      await vi.waitFor(() => expect(requests.length).toBeGreaterThanOrEqual(200), { timeout: 20_000, interval: 10 });

      const [victim, survivor] = workers;
      // When the primary learned of the death: when its "worker died" line reached us, on this
      // process's clock (the one the requests are timed on; no comparison with another process's
      // clock). That is a little after the primary noticed, so the window below is if anything wider.
      let noticedAt = Infinity;
      const watchDeath = () => {
        if (noticedAt === Infinity && site.output().includes('"msg":"worker died"')) noticedAt = performance.now();
      };
      site.proc.stdout!.on("data", watchDeath);
      const killedAt = performance.now();
      process.kill(victim, "SIGKILL");
      // The primary forks a replacement: two workers again, the victim not among them, the new one listening.
      await vi.waitFor(
        () => {
          const now = childPids(primary);
          expect(now).toHaveLength(2);
          expect(now).not.toContain(victim);
          expect(now).toContain(survivor);
          const replacement = now.find((pid) => pid !== survivor);
          expect(site.output()).toContain(`"msg":"worker started","pid":${replacement}}`);
        },
        { timeout: 15_000, interval: 20 },
      );
      const restoredAt = performance.now();
      await vi.waitFor(
        () => expect(requests.filter((r) => r.start > restoredAt && r.outcome === "ok").length).toBeGreaterThan(200),
        { timeout: 20_000, interval: 10 },
      );
      running = false;
      await Promise.all(clients);
      agent.destroy();

      const died = site.output().match(/"msg":"worker died","error":"([^"]+)"/);
      expect(died?.[1]).toBe(`pid ${victim}, signal SIGKILL; replacing it`);
      expect(noticedAt).toBeLessThan(restoredAt);

      const before = requests.filter((r) => r.start < killedAt);
      const failedBefore = before.filter((r) => r.outcome !== "ok");
      // Until the primary notices, it may still hand a new connection to the dead worker (Node's
      // cluster round robin): reset before any byte of an answer, or, when the handle was already
      // on its way to the dead worker, never answered at all (Node's primary keeps that socket; the
      // client's or router's timeout ends it, seen at about 1 run in 10 on a loaded machine;
      // docs/deploying.md). Counted and logged, as the drain race is (decision 034). Never a wrong or
      // cut answer.
      const RACE = ["idle-closed", "failed: ECONNRESET", "failed: no answer within 10 s"];
      const window = requests.filter((r) => r.start >= killedAt && r.start < noticedAt && r.outcome !== "ok");
      expect(window.filter((r) => !RACE.includes(r.outcome))).toEqual([]);
      // A request sent after that either got its full answer, or was written onto one of the dead
      // worker's keep-alive sockets, which no process read (the idle-close case clients retry), or
      // was reset before any byte of an answer: noticedAt is when the primary's line reached this
      // process, and a connection it had already handed to the dead worker is reset then (seen
      // once at load 12). Never a cut or wrong answer (get() reports those as other failures).
      const after = requests.filter((r) => r.start >= noticedAt);
      const LATE = ["idle-closed", "failed: ECONNRESET"];
      expect(after.filter((r) => r.outcome !== "ok" && !LATE.includes(r.outcome))).toEqual([]);
      const idleClosedAfter = after.filter((r) => LATE.includes(r.outcome));
      // Those in flight when the worker died: at most one per connection.
      expect(failedBefore.length + idleClosedAfter.length).toBeLessThanOrEqual(CONNECTIONS);
      expect(after.filter((r) => r.outcome === "ok").length).toBeGreaterThan(200);
      console.log(
        `worker SIGKILL under load: ${before.length} requests before (${failedBefore.length} cut off in flight: ${[
          ...new Set(failedBefore.map((r) => r.outcome)),
        ].join(
          ", ",
        )}), ${window.length} failed in the ${Math.round(noticedAt - killedAt)} ms before the primary noticed (${[
          ...new Set(window.map((r) => r.outcome)),
        ].join(", ")}), ${
          after.length
        } after (${idleClosedAfter.length} written onto the dead worker's sockets), replaced in ${Math.round(restoredAt - killedAt)} ms`,
      );
    } finally {
      site.proc.kill("SIGTERM");
    }
    expect(await site.exited).toBe(0);
  }, 60_000);
});
