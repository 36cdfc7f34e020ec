/**
 * The lead store's behaviour, written once and run on each engine (store.test.ts: SQLite,
 * store-postgres.test.ts: PostgreSQL): what the redirect, the API, the report and the outbox rely on.
 */
import { afterEach, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { createDatabase } from "../../src/server/ledger/engine";
import { migrate } from "../../src/server/ledger/migrate";
import { MIGRATIONS } from "../../src/server/ledger/migrations/index";
import { isLeadCode } from "../../src/server/leads/code";
import { createLedger, databaseOf, PRUNED_CODE_PREFIX, type Ledger } from "../../src/server/ledger/store";
import type { Destination } from "../../src/server/ledger/types";
import { emptyDatabase, openTestStore, sampleLead, type Engine } from "./store-fixture";

const NOW = new Date("2026-11-20T12:00:00.000Z");
const DAY = 86_400_000;

export function storeSuite(engine: Engine) {
  describe(`the lead store on ${engine}`, () => {
    let store: Ledger | undefined;
    afterEach(async () => {
      await store?.close();
      store = undefined;
    });
    const open = async (...args: Parameters<typeof openTestStore> extends [Engine, ...infer R] ? R : never) =>
      (store = await openTestStore(engine, ...args));

    it("records a lead with its created event and gives it a code", async () => {
      const s = await open();
      const code = await s.createLead(sampleLead({ plan: "enterprise" }), NOW);
      expect(isLeadCode(code)).toBe(true);
      const [lead, ...rest] = await s.exportLeads(new Date(NOW.getTime() - DAY), new Date(NOW.getTime() + DAY));
      expect(rest).toEqual([]);
      expect(lead).toEqual({
        ...sampleLead({ plan: "enterprise" }),
        code,
        createdAt: NOW,
        events: [{ type: "created", value: null, currency: null, at: NOW }],
      });
    });

    it("keeps click identifiers only when given (advertising accepted)", async () => {
      const s = await open();
      const clicks = {
        gclid: "Cj0KCQ",
        gbraid: null,
        wbraid: "wb-1",
        fbclid: "IwAR1",
        fbclidAt: new Date(NOW.getTime() - 60_000),
      };
      const withConsent = await s.createLead(sampleLead({ clicks }), NOW);
      const without = await s.createLead(sampleLead(), NOW);
      const leads = await s.exportLeads(NOW, new Date(NOW.getTime() + 1));
      expect(leads.find((l) => l.code === withConsent)?.clicks).toEqual(clicks);
      expect(leads.find((l) => l.code === without)?.clicks).toBeNull();
    });

    it("records an outcome once: recorded, then duplicate with the first kept; unknown codes not found", async () => {
      const s = await open();
      const code = await s.createLead(sampleLead(), NOW);
      const won = { type: "won" as const, value: 1234.5, currency: "BRL", at: new Date(NOW.getTime() + DAY) };
      expect(await s.recordEvent(code, won)).toBe("recorded");
      expect(await s.recordEvent(code, { ...won, value: 99 })).toBe("duplicate");
      expect(await s.findEvent(code, "won")).toEqual(won);
      expect(await s.findEvent(code, "lost")).toBeNull();
      expect(await s.recordEvent("ZZZZZZZZ", won)).toBe("not-found");
      const [lead] = await s.exportLeads(NOW, new Date(NOW.getTime() + 1));
      expect(lead.events.map((e) => e.type)).toEqual(["created", "won"]);
    });

    it("enqueues one delivery per wanting destination in the event's transaction", async () => {
      const seen: string[] = [];
      const destinations: Destination[] = [
        { name: "crm", wants: (_lead, event) => (seen.push(event.type), true) },
        { name: "meta", wants: (lead, event) => lead.clicks !== null && event.type !== "created" },
      ];
      const s = await open({ destinations });
      const code = await s.createLead(
        sampleLead({ clicks: { gclid: null, gbraid: null, wbraid: null, fbclid: "F", fbclidAt: NOW } }),
        NOW,
      );
      await s.recordEvent(code, { type: "qualified", value: null, currency: null, at: NOW });
      await s.recordEvent(code, { type: "qualified", value: null, currency: null, at: NOW });
      const rows = await databaseOf(s)
        .db.selectFrom("deliveries")
        .innerJoin("lead_events", "lead_events.id", "deliveries.event_id")
        .select(["lead_events.type", "deliveries.destination", "deliveries.status", "deliveries.attempts"])
        .orderBy("deliveries.id")
        .execute();
      expect(rows).toEqual([
        { type: "created", destination: "crm", status: "pending", attempts: 0 },
        { type: "qualified", destination: "crm", status: "pending", attempts: 0 },
        { type: "qualified", destination: "meta", status: "pending", attempts: 0 },
      ]);
      expect(seen).toEqual(["created", "qualified"]); // a duplicate asks no destination
    });

    it("writes nothing when enqueueing fails: the lead, its event and deliveries are one transaction", async () => {
      const s = await open({
        destinations: [
          {
            name: "broken",
            wants: () => {
              throw new Error("boom");
            },
          },
        ],
      });
      await expect(s.createLead(sampleLead(), NOW)).rejects.toThrow(/could not be recorded/);
      expect(await s.exportLeads(new Date(0), new Date(NOW.getTime() + DAY))).toEqual([]);
      expect(await databaseOf(s).db.selectFrom("lead_events").selectAll().execute()).toEqual([]);
    });

    it("erases a lead with its events and deliveries (LGPD), once", async () => {
      const s = await open({ destinations: [{ name: "crm", wants: () => true }] });
      const code = await s.createLead(sampleLead(), NOW);
      const kept = await s.createLead(sampleLead(), NOW);
      await s.recordEvent(code, { type: "lost", value: null, currency: null, at: NOW });
      expect(await s.deleteLead(code)).toBe(true);
      expect(await s.deleteLead(code)).toBe(false);
      expect((await s.exportLeads(new Date(0), new Date(NOW.getTime() + 1))).map((l) => l.code)).toEqual([kept]);
      expect(await databaseOf(s).db.selectFrom("lead_events").select("type").execute()).toEqual([{ type: "created" }]);
      expect(await databaseOf(s).db.selectFrom("deliveries").select("destination").execute()).toEqual([
        { destination: "crm" },
      ]);
    });

    it("exports leads created in [from, to), oldest first, up to a limit", async () => {
      const s = await open();
      const codes = [];
      for (let day = 0; day < 4; day++)
        codes.push(await s.createLead(sampleLead(), new Date(NOW.getTime() + day * DAY)));
      const range = await s.exportLeads(new Date(NOW.getTime() + DAY), new Date(NOW.getTime() + 3 * DAY));
      expect(range.map((l) => l.code)).toEqual(codes.slice(1, 3));
      expect((await s.exportLeads(NOW, new Date(NOW.getTime() + 9 * DAY), 2)).map((l) => l.code)).toEqual(
        codes.slice(0, 2),
      );
    });

    it("prunes: after the retention a lead is a count (no click, no code, its times the start of their day), in batches", async () => {
      const crm: Destination = { name: "crm", wants: (lead) => lead.clicks !== null };
      const s = await open({ retentionDays: 30, timeZone: "America/Sao_Paulo", destinations: [crm], pruneBatch: 2 });
      const clicks = { gclid: "G", gbraid: "B", wbraid: "W", fbclid: "F", fbclidAt: NOW };
      // 12:00Z is 09:00 in São Paulo; 02:30Z the next day is still 23:30 of that day there.
      const old = await s.createLead(sampleLead({ clicks }), NOW);
      const late = await s.createLead(sampleLead({ clicks }), new Date(NOW.getTime() + 14.5 * 3_600_000));
      const recent = await s.createLead(sampleLead({ clicks }), new Date(NOW.getTime() + 10 * DAY));
      const wonAt = new Date(NOW.getTime() + 2 * DAY + 3_600_000);
      await s.recordEvent(old, { type: "won", value: 10, currency: "USD", at: wonAt });
      // More than a batch (two here): a backlog, as on the first run after an upgrade, pruned at once.
      for (let i = 0; i < 3; i++) await s.createLead(sampleLead(), new Date(NOW.getTime() - DAY));
      expect(await s.prune(new Date(NOW.getTime() + 31 * DAY))).toEqual({ erased: 5 });
      expect(await s.prune(new Date(NOW.getTime() + 31 * DAY))).toEqual({ erased: 0 });

      // From 20 November 00:00 UTC: the three leads above, not the backlog of the day before.
      const leads = await s.exportLeads(new Date(NOW.getTime() - DAY / 2), new Date(NOW.getTime() + 99 * DAY));
      const none = { gclid: null, gbraid: null, wbraid: null, fbclid: null, fbclidAt: null };
      const dayStart = "2026-11-20T03:00:00.000Z"; // 20 November, 00:00 in São Paulo
      expect(leads.map((l) => [l.code.startsWith(PRUNED_CODE_PREFIX), l.createdAt.toISOString(), l.clicks])).toEqual([
        [true, dayStart, none],
        [true, dayStart, none],
        [false, new Date(NOW.getTime() + 10 * DAY).toISOString(), clicks],
      ]);
      expect(leads.map((l) => l.code)).not.toContain(old);
      expect(leads.map((l) => l.code)).not.toContain(late);
      expect(leads[2].code).toBe(recent);
      // The outcome is still counted, on its day; the old code no longer finds the lead.
      expect(leads[0].events.map((e) => [e.type, e.value, e.at.toISOString()])).toEqual([
        ["created", null, dayStart],
        ["won", 10, "2026-11-22T03:00:00.000Z"],
      ]);
      expect(await s.recordEvent(old, { type: "lost", value: null, currency: null, at: NOW })).toBe("not-found");
      // A delivery still waiting for a pruned lead is sent nowhere: expired (the recent lead's waits on).
      const deliveries = await databaseOf(s)
        .db.selectFrom("deliveries")
        .select(["status", "last_error"])
        .orderBy("id")
        .execute();
      expect(deliveries.map((d) => d.status)).toEqual(["expired", "expired", "pending", "expired"]);
      expect(deliveries[0].last_error).toContain("LEADS_RETENTION_DAYS");
    });

    it("migrates from empty, again as a no-op, and a database at version 1 up to the next", async () => {
      const { settings, dispose } = await emptyDatabase(engine);
      const handles = [createDatabase(settings), createDatabase(settings)];
      try {
        // Two processes starting at once: one applies, the other waits and finds nothing to do.
        const results = await Promise.all(handles.map((h) => migrate(h, MIGRATIONS.slice(0, 1))));
        expect(results.map((r) => r.applied).sort()).toEqual([[], [1]]);
        expect(await migrate(handles[0], MIGRATIONS.slice(0, 1))).toEqual({ applied: [], version: 1 });
        const code = await openStoreOn(handles[0]).createLead(sampleLead(), NOW);
        const next = {
          version: 2,
          name: "test-column",
          up: (db: Parameters<(typeof MIGRATIONS)[0]["up"]>[0]) =>
            db.schema.alterTable("leads").addColumn("test_note", "text").execute(),
        };
        expect(await migrate(handles[1], [...MIGRATIONS.slice(0, 1), next])).toEqual({ applied: [2], version: 2 });
        const rows = await sql<{ code: string; test_note: null }>`select code, test_note from leads`.execute(
          handles[0].db,
        );
        expect(rows.rows).toEqual([{ code, test_note: null }]);
        expect(
          (await handles[0].db.selectFrom("schema_migrations").select("version").orderBy("version").execute()).map(
            (r) => r.version,
          ),
        ).toEqual([1, 2]);
      } finally {
        for (const h of handles) await h.close();
        dispose();
      }
    });

    it("applies a failing migration not at all (its bookkeeping and changes roll back)", async () => {
      const { settings, dispose } = await emptyDatabase(engine);
      const handle = createDatabase(settings);
      try {
        const broken = { version: 2, name: "broken", up: async () => Promise.reject(new Error("broken migration")) };
        await expect(migrate(handle, [MIGRATIONS[0], broken])).rejects.toThrow("broken migration");
        expect(await migrate(handle, [MIGRATIONS[0]])).toEqual({ applied: [1], version: 1 });
      } finally {
        await handle.close();
        dispose();
      }
    });
  });
}

function openStoreOn(handle: ReturnType<typeof createDatabase>) {
  return createLedger(handle);
}
