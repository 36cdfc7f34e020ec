/**
 * The outbox against a destination in trouble (issue 32, decision 075), on both engines: 500s, a
 * timeout, ten minutes down, a refused event, an event too old; every event is delivered once the
 * destination is back, none twice (counted at the stand-in by event_id / Idempotency-Key).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { verifySignature } from "../../src/server/outbox/signature";
import { createOutboxWorker } from "../../src/server/outbox/worker";
import { outboxQueries } from "../../src/server/ledger/outbox";
import { deadLetters, deliveryStats } from "../../src/server/ledger/stats";
import type { Engine } from "../../src/server/ledger/engine";
import {
  drain,
  FastClock,
  freshDatabase,
  type OutboxDatabase,
  standInMeta,
  standInWebhook,
  worker,
  WEBHOOK_SECRET,
} from "./outbox-harness";
import { seedEvents, statuses } from "./outbox-seed";
import { startStandIn, type StandIn } from "./stand-in";

const ok = { status: 200, body: '{"events_received":1}' };

export function outboxRetriesSuite(engine: Engine) {
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

    /** Every key accepted by the stand-in exactly once, and nothing else. */
    const expectEachOnce = (keys: string[]) => {
      const accepted = standIn.accepted();
      expect(accepted.size).toBe(keys.length);
      for (const key of keys) expect(accepted.get(key)).toBe(1);
    };
    const meta = (codes: string[]) => codes.map((code) => `${code}.qualified`);

    it("retries after 500s with the error kept, and delivers each event once", async () => {
      const codes = await seedEvents(db.db, 30, { destinations: ["meta"], at: clock.now() });
      let failures = 3;
      standIn.respond = () => (failures-- > 0 ? { status: 500, body: '{"error":{"message":"boom"}}' } : ok);
      const w = worker(db, clock, [standInMeta(standIn, clock)]);
      await w.runOnce();
      expect(await statuses(db.db, "meta")).toEqual({ pending: 30 });
      expect((await deliveryStats(db.db))[0]).toMatchObject({
        destination: "meta",
        pending: 30,
        lastError: expect.stringMatching(/^HTTP 500/),
      });
      await drain(db, w, clock);
      expectEachOnce(meta(codes));
      expect(await statuses(db.db, "meta")).toEqual({ sent: 30 });
    });

    it("retries a request that timed out", async () => {
      const codes = await seedEvents(db.db, 5, { destinations: ["meta"], at: clock.now() });
      let hung = false;
      standIn.respond = () => (hung ? ok : ((hung = true), "hang"));
      await drain(db, worker(db, clock, [standInMeta(standIn, clock, 10, 500)]), clock);
      expect((await deliveryStats(db.db))[0]).toMatchObject({ sent: 5, lastError: null });
      expectEachOnce(meta(codes));
    });

    it("probes a destination down for ten minutes once per backoff step, then delivers everything once", async () => {
      const codes = await seedEvents(db.db, 50, { destinations: ["webhook"], at: clock.now() });
      await standIn.down();
      const w = worker(db, clock, [standInWebhook(standIn, clock)]);
      for (let t = 0; t < 10 * 60_000; t += 15_000) {
        await w.runOnce();
        clock.advance(15_000);
      }
      const probes = await db.db.selectFrom("deliveries").select("attempts").where("attempts", ">", 0).execute();
      // One probe per backoff step (10 s, 20 s, 40 s… doubling, whichever event it carries): a handful
      // in ten minutes, not one per queued event or per pass.
      expect(probes.reduce((sum, r) => sum + r.attempts, 0)).toBeLessThanOrEqual(7);
      await standIn.up();
      await drain(db, w, clock, { stepMs: 60_000 });
      expectEachOnce(codes.map((code) => `xia.${code}.qualified`));
    });

    it("signs every webhook request and keeps its Idempotency-Key on retries", async () => {
      const [code] = await seedEvents(db.db, 1, { destinations: ["webhook"], at: clock.now(), type: "won" });
      let first = true;
      standIn.respond = () => (first ? ((first = false), { status: 503 }) : ok);
      await drain(db, worker(db, clock, [standInWebhook(standIn, clock)]), clock);
      expect(standIn.received.map((r) => r.headers["idempotency-key"])).toEqual([`xia.${code}.won`, `xia.${code}.won`]);
      for (const r of standIn.received) {
        expect(
          verifySignature(WEBHOOK_SECRET, r.body, r.headers["x-xia-signature"] as string, clock.now(), 3_600),
        ).toBe(true);
        expect(JSON.parse(r.body)).toMatchObject({
          id: `xia.${code}.won`,
          type: "lead.won",
          event: { value: 990, currency: "BRL" },
        });
      }
    });

    it("sends the rest of a refused batch one by one and keeps the refused event as a dead letter", async () => {
      const codes = await seedEvents(db.db, 10, { destinations: ["meta"], at: clock.now() });
      const bad = `${codes[3]}.qualified`;
      standIn.respond = (r) =>
        r.keys.includes(bad) ? { status: 400, body: '{"error":{"message":"Invalid parameter","code":100}}' } : ok;
      await drain(db, worker(db, clock, [standInMeta(standIn, clock)]), clock);
      expect(await statuses(db.db, "meta")).toEqual({ sent: 9, failed: 1 });
      expect((await deliveryStats(db.db))[0]).toMatchObject({
        sent: 9,
        failed: 1,
        lastError: expect.stringContaining("Invalid parameter"),
      });
      expect(await deadLetters(db.db)).toEqual([
        expect.objectContaining({ destination: "meta", code: codes[3], event: "qualified", attempts: 1 }),
      ]);
      expect(standIn.accepted().size).toBe(9);
    });

    it("expires what is older than the destination accepts, without sending it, and prunes what was sent", async () => {
      await seedEvents(db.db, 3, { destinations: ["meta"], at: new Date(clock.t - 8 * 86_400_000), prefix: "OLD" });
      await seedEvents(db.db, 2, { destinations: ["meta"], at: clock.now() });
      const w = worker(db, clock, [standInMeta(standIn, clock)], { retentionMs: 86_400_000 });
      await drain(db, w, clock);
      expect(await statuses(db.db, "meta")).toEqual({ sent: 2, expired: 3 });
      expect(standIn.received.flatMap((r) => r.keys).some((k) => k.startsWith("OLD"))).toBe(false);
      clock.advance(2 * 86_400_000);
      await w.runOnce();
      expect(await statuses(db.db, "meta")).toEqual({ expired: 3 });
    });

    it("sends the CRM an outcome dated more than 7 days ago, reported now; Meta's is expired unsent", async () => {
      // A sale closed 8 days ago, reported today (issue 35: the CRM expired it without an attempt).
      const at = new Date(clock.t - 8 * 86_400_000);
      const codes = await seedEvents(db.db, 2, {
        destinations: ["webhook", "meta"],
        at,
        queuedAt: clock.now(),
        type: "won",
        prefix: "LATE",
      });
      await drain(db, worker(db, clock, [standInWebhook(standIn, clock), standInMeta(standIn, clock)]), clock);
      expect(await statuses(db.db, "webhook")).toEqual({ sent: 2 });
      expect(await statuses(db.db, "meta")).toEqual({ expired: 2 });
      expectEachOnce(codes.map((code) => `xia.${code}.won`));
    });

    it("a pass that runs a millisecond before a rest ends still wakes at its end, not at the interval", async () => {
      await seedEvents(db.db, 2, { destinations: ["meta"], at: clock.now() });
      standIn.respond = () => ({ status: 429, headers: { "Retry-After": "1" }, body: '{"error":{"code":4}}' });
      const w = worker(db, clock, [standInMeta(standIn, clock)]);
      const restEnds = clock.t + 1_000;
      expect((await w.runOnce()).wakeAt).toBe(restEnds);
      clock.advance(999); // a timer may fire before the wall clock reaches the rest's end
      expect((await w.runOnce()).wakeAt).toBe(restEnds);
    });

    it("comes back when Retry-After says, not at its next interval (the real clock, a minute's interval)", async () => {
      const codes = await seedEvents(db.db, 20, { destinations: ["meta"], at: new Date() });
      let answered = 0;
      standIn.respond = () =>
        answered++ === 0 ? { status: 429, headers: { "Retry-After": "1" }, body: '{"error":{"code":4}}' } : ok;
      const w = createOutboxWorker({
        outbox: outboxQueries(db),
        destinations: [standInMeta(standIn, clock, 10)],
        intervalMs: 60_000,
        random: () => 0, // the first pass at once
      });
      w.start();
      try {
        // Two batches of 10 after the 429: within the test's 30 s only if the pass came back at 1 s.
        await standIn.until(() => standIn.accepted().size === 20);
      } finally {
        await w.stop();
      }
      expectEachOnce(meta(codes));
      expect(standIn.received.map((r) => r.status)).toEqual([429, 200, 200]);
    });
  });
}
