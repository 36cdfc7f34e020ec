/**
 * Erasure reaches the CRM (decision 080), on both engines: `DELETE /api/leads/<code>` erases the
 * lead, its events and their pending deliveries (Meta's among them: never sent) and, in the same
 * transaction, enqueues one signed `lead.erased` notice for the CRM webhook, which the outbox
 * delivers after the lead is gone, with the same Idempotency-Key on every retry. Migration 2 from
 * version 1 with rows, and from empty. SQLite: erasure.test.ts; PostgreSQL: erasure-postgres.test.ts.
 */
import { sql } from "kysely";
import request from "supertest";
import { beforeEach, describe, expect, it } from "vitest";
import { createApp } from "../../src/server/app";
import { loadConfig } from "../../src/server/config";
import { createDatabase, type DatabaseHandle, type Engine } from "../../src/server/ledger/engine";
import { migrate } from "../../src/server/ledger/migrate";
import { MIGRATIONS } from "../../src/server/ledger/migrations/index";
import { createLedger, databaseOf, type Ledger } from "../../src/server/ledger/store";
import type { OutboxDestination } from "../../src/server/outbox/destination";
import { verifySignature } from "../../src/server/outbox/signature";
import { drain, FastClock, standInMeta, standInWebhook, useStandIn, worker, WEBHOOK_SECRET } from "./outbox-harness";
import type { StandIn } from "./stand-in";
import { emptyDatabase, openTestStore } from "./store-fixture";

const TOKEN = "erasure-test-token-0123456789";
const auth = { Authorization: `Bearer ${TOKEN}` };
const CLICKS = { gclid: null, gbraid: null, wbraid: null, fbclid: "IwAR_erase", fbclidAt: null };
const UTM = { source: "facebook", medium: "cpc", campaign: "c", term: null, content: null };
const lead = { lang: "pt" as const, path: "/", segment: null, variant: null, plan: null, utm: UTM, clicks: CLICKS };

export function erasureSuite(engine: Engine) {
  describe(`erasure reaches the CRM on ${engine}`, { timeout: 30_000 }, () => {
    const standInNow = useStandIn();
    let standIn: StandIn;
    let store: Ledger | undefined;
    let db: DatabaseHandle;
    let clock: FastClock;
    beforeEach(() => {
      standIn = standInNow();
      clock = new FastClock();
      return async () => {
        await store?.close();
        store = undefined;
      };
    });
    const setup = async (destinations: OutboxDestination[]) => {
      store = await openTestStore(engine, { destinations, now: clock.now, timeoutMs: 5_000 });
      db = databaseOf(store);
      const app = createApp({ config: loadConfig({ LEADS_API_TOKEN: TOKEN }), store, now: clock.now });
      return { store, app };
    };
    const rows = () => db.db.selectFrom("deliveries").selectAll().orderBy("id").execute();

    it("a signed lead.erased notice reaches the CRM after the lead is gone; Meta's pending event is never sent", async () => {
      const destinations = [standInMeta(standIn, clock), standInWebhook(standIn, clock)];
      const { store: s, app } = await setup(destinations);
      const code = await s.createLead(lead, clock.now());
      await request(app).post(`/api/leads/${code}/events`).set(auth).send({ type: "qualified" }).expect(201);
      // Pending: the CRM's created and qualified, Meta's QualifiedLead.
      expect((await rows()).map((r) => r.destination).sort()).toEqual(["meta", "webhook", "webhook"]);

      clock.advance(1_000);
      await request(app).delete(`/api/leads/${code}`).set(auth).expect(204);
      await request(app).delete(`/api/leads/${code}`).set(auth).expect(404);
      const left = await rows();
      expect(left).toHaveLength(1);
      expect(left[0]).toMatchObject({ destination: "webhook", event_id: null, erased_code: code, status: "pending" });

      // The CRM answers 500 once: the retry carries the same key.
      let failures = 1;
      standIn.respond = () => (failures-- > 0 ? { status: 500 } : { status: 200, body: "{}" });
      await drain(db, worker(db, clock, destinations), clock);
      expect(standIn.received.map((r) => r.path)).toEqual(["/hook", "/hook"]);
      const erasedAt = new Date(Date.parse("2026-11-26T10:00:01Z")).toISOString();
      for (const received of standIn.received) {
        expect(received.headers["idempotency-key"]).toBe(`xia.${code}.erased`);
        expect(received.headers["x-xia-event"]).toBe("lead.erased");
        expect(JSON.parse(received.body)).toEqual({
          id: `xia.${code}.erased`,
          type: "lead.erased",
          lead: { code },
          event: { type: "erased", at: erasedAt },
        });
        const signature = received.headers["x-xia-signature"] as string;
        expect(verifySignature(WEBHOOK_SECRET, received.body, signature, clock.now())).toBe(true);
      }
      // Delivered, the notice is deleted at once (decision 087): the erased code stays nowhere.
      expect(await rows()).toEqual([]);
      expect(await s.exportLeads(new Date(0), new Date("2100-01-01"))).toEqual([]);
    });

    it("without a CRM webhook the erasure leaves no row behind and nothing is sent", async () => {
      const destinations = [standInMeta(standIn, clock)];
      const { store: s, app } = await setup(destinations);
      const code = await s.createLead(lead, clock.now());
      await request(app).post(`/api/leads/${code}/events`).set(auth).send({ type: "qualified" }).expect(201);
      expect(await rows()).toHaveLength(1);
      await request(app).delete(`/api/leads/${code}`).set(auth).expect(204);
      expect(await rows()).toEqual([]);
      await worker(db, clock, destinations).runOnce();
      expect(standIn.received).toEqual([]);
    });

    it("migration 2 keeps every row of version 1 and its ids, and runs from empty", async () => {
      const { settings, dispose } = await emptyDatabase(engine);
      const handle = createDatabase(settings);
      try {
        expect(await migrate(handle, MIGRATIONS.slice(0, 1))).toEqual({ applied: [1], version: 1 });
        const v1 = createLedger(handle, { destinations: [{ name: "webhook", wants: () => true }] });
        const code = await v1.createLead(lead, clock.now());
        const before = await handle.db.selectFrom("deliveries").select(["id", "event_id", "destination"]).execute();
        expect(await migrate(handle, MIGRATIONS.slice(0, 2))).toEqual({ applied: [2], version: 2 });
        expect(await handle.db.selectFrom("deliveries").select(["id", "event_id", "destination"]).execute()).toEqual(
          before,
        );
        // A row is an event's delivery or an erasure notice, never both or neither.
        const at = clock.now().toISOString();
        const row = { destination: "x", next_attempt_at: at, created_at: at };
        await expect(handle.db.insertInto("deliveries").values(row).execute()).rejects.toThrow();
        const both = { ...row, event_id: before[0].event_id, erased_code: code, erased_at: at };
        await expect(handle.db.insertInto("deliveries").values(both).execute()).rejects.toThrow();
        // Events' deliveries still go with their lead; the new id continues after the old ones.
        expect(await createLedger(handle).deleteLead(code)).toBe(true);
        const notice = { ...row, erased_code: code, erased_at: at };
        const { id } = await handle.db
          .insertInto("deliveries")
          .values(notice)
          .returning("id")
          .executeTakeFirstOrThrow();
        expect(id).toBeGreaterThan(before[0].id);
        expect((await sql<{ n: number }>`select count(*) as n from deliveries`.execute(handle.db)).rows[0].n).toEqual(
          engine === "postgres" ? "1" : 1,
        );
      } finally {
        await handle.close();
        dispose();
      }
      const empty = await emptyDatabase(engine);
      const fresh = createDatabase(empty.settings);
      try {
        expect(await migrate(fresh, MIGRATIONS.slice(0, 2))).toEqual({ applied: [1, 2], version: 2 });
      } finally {
        await fresh.close();
        empty.dispose();
      }
    });
  });
}
