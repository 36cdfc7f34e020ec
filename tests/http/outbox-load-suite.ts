/**
 * The outbox under load and in company (issue 32, decision 075), on both engines: 10,000 events
 * queued while Meta is down drain, once it is back, at the rate it allows (429 with Retry-After
 * respected, measured on the fast clock); two workers on one database never deliver an event twice;
 * stop() aborts a request in flight and lets its row go uncounted.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createDatabase, type Engine } from "../../src/server/ledger/engine";
import { outboxQueries } from "../../src/server/ledger/outbox";
import { createOutboxWorker } from "../../src/server/outbox/worker";
import { drain, FastClock, freshDatabase, type OutboxDatabase, standInMeta, worker } from "./outbox-harness";
import { seedEvents, statuses } from "./outbox-seed";
import { startStandIn, type StandIn } from "./stand-in";

const ok = { status: 200, body: '{"events_received":100}' };

export function outboxLoadSuite(engine: Engine) {
  describe(`the outbox on ${engine}`, { timeout: 30_000 }, () => {
    let standIn: StandIn;
    let db: OutboxDatabase;
    let clock: FastClock;
    beforeAll(async () => {
      standIn = await startStandIn();
    });
    afterAll(() => standIn.close());
    beforeEach(async () => {
      standIn.received.length = 0;
      standIn.respond = () => ok;
      await standIn.up();
      clock = new FastClock();
      db = await freshDatabase(engine);
      return () => db.drop();
    });

    it(
      "drains 10,000 events queued while the destination was down at the rate it allows",
      { timeout: 60_000 },
      async () => {
        const codes = await seedEvents(db.db, 10_000, { destinations: ["meta"], at: clock.now() });
        await standIn.down();
        const w = worker(db, clock, [standInMeta(standIn, clock, 100)], { claimSize: 1_000 });
        for (let i = 0; i < 4; i++) {
          await w.runOnce();
          clock.advance(15_000);
        }
        await standIn.up();
        // The stand-in takes 5 requests per second of the fast clock and answers 429, Retry-After: 1,
        // to the rest; a request before the time it gave is counted as early.
        const perSecond = new Map<number, number>();
        let notBefore = 0;
        let early = 0;
        const acceptedAt: number[] = [];
        standIn.respond = () => {
          const t = clock.t;
          if (t < notBefore) early++;
          const second = Math.floor(t / 1000);
          const n = (perSecond.get(second) ?? 0) + 1;
          perSecond.set(second, n);
          if (n <= 5) return (acceptedAt.push(t), ok);
          notBefore = (second + 1) * 1000;
          return { status: 429, headers: { "Retry-After": "1" }, body: '{"error":{"code":4}}' };
        };
        await drain(db, w, clock, { stepMs: 250, maxPasses: 2_000 });
        const accepted = standIn.accepted();
        expect(accepted.size).toBe(10_000);
        expect([...accepted.values()].every((n) => n === 1)).toBe(true);
        expect(codes.every((code) => accepted.has(`${code}.qualified`))).toBe(true);
        expect(early).toBe(0);
        // 100 batches of 100 at 5 a second: the first to the last accepted within 19 to 21 s of the
        // fast clock (the first waits for the worker's next probe after the outage).
        const span = Math.max(...acceptedAt) - Math.min(...acceptedAt);
        expect(span).toBeGreaterThanOrEqual(19_000);
        expect(span).toBeLessThan(21_000);
        expect(await statuses(db.db, "meta")).toEqual({ sent: 10_000 });
      },
    );

    it("never lets two workers deliver the same event", async () => {
      const codes = await seedEvents(db.db, 300, { destinations: ["meta"], at: clock.now() });
      // Its own connection (PostgreSQL: its own pool; SQLite: its own handle on the file).
      const second = createDatabase(db.settings);
      standIn.respond = () => new Promise((done) => setTimeout(() => done(ok), 2));
      const options = { claimSize: 20 };
      const workers = [
        worker(db, clock, [standInMeta(standIn, clock, 5)], options),
        worker(second, clock, [standInMeta(standIn, clock, 5)], options),
      ];
      const sent = [0, 0];
      await Promise.all(
        workers.map(async (w, i) => {
          for (let pass = 0; pass < 100; pass++) {
            const result = await w.runOnce();
            sent[i] += result.sent;
            if (sent[0] + sent[1] === 300) break;
          }
        }),
      );
      await second.close();
      expect(sent[0] + sent[1]).toBe(300);
      expect(sent[0]).toBeGreaterThan(0);
      expect(sent[1]).toBeGreaterThan(0);
      const received = standIn.received.flatMap((r) => r.keys);
      expect(received).toHaveLength(300);
      expect(new Set(received).size).toBe(300);
      expect(codes.every((code) => received.includes(`${code}.qualified`))).toBe(true);
    });

    it("stops cleanly: the request in flight is aborted and its row let go, uncounted", async () => {
      await seedEvents(db.db, 3, { destinations: ["meta"], at: clock.now() });
      let arrived!: () => void;
      const inFlight = new Promise<void>((done) => (arrived = done));
      standIn.respond = () => (arrived(), "hang");
      const w = createOutboxWorker({
        outbox: outboxQueries(db),
        destinations: [standInMeta(standIn, clock)],
        now: clock.now,
        intervalMs: 10,
      });
      w.start();
      await inFlight;
      await w.stop();
      const rows = await db.db.selectFrom("deliveries").select(["status", "attempts", "locked_until"]).execute();
      expect(rows).toEqual(Array(3).fill({ status: "pending", attempts: 0, locked_until: null }));
    });
  });
}
