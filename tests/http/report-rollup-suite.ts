/**
 * What the report reads, kept by the writes (decision 106), on a store of either engine: a lead
 * row's outcome columns stay what its events say after an outcome, a correction, an erasure and
 * pruning; the spend sums per month and per day stay the imported rows' after a re-import, most of
 * a month by ad is the month less the days outside (decision 115); migrations 7 and 8 fill the sums
 * and the months' row counts from rows stored before them; the local day is computed when read, in
 * the TIME_ZONE asked (nothing stored in a zone).
 */
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { createDatabase, type Engine } from "../../src/server/ledger/engine";
import type { CountQuery } from "../../src/server/ledger/leadCounts";
import { migrate } from "../../src/server/ledger/migrate";
import { MIGRATIONS } from "../../src/server/ledger/migrations/index";
import type { SpendQuery } from "../../src/server/ledger/spend";
import { createLedger, databaseOf, type Ledger } from "../../src/server/ledger/store";
import type { SpendRow } from "../../src/server/spend/parse";
import { emptyDatabase, openTestStore, sampleLead } from "./store-fixture";

const at = (iso: string) => new Date(iso);
const YEAR: Omit<CountQuery, "fields" | "byDay"> = {
  from: at("2026-01-01T03:00:00Z"),
  to: at("2027-01-01T03:00:00Z"),
  filters: {},
  timeZone: "America/Sao_Paulo",
};
const total = async (store: Ledger) => (await store.leadCounts({ ...YEAR, fields: [], byDay: false }))[0];
const utm = (campaign: string) => ({ source: "google", medium: "cpc", campaign, term: null, content: null });

/** The outcome per lead as the events say it (the old report's join), to compare the columns with. */
async function fromEvents(store: Ledger) {
  const { db } = databaseOf(store);
  const rows = await sql<Record<string, unknown>>`select l.id,
    case when q.id is not null or w.id is not null then 1 else 0 end as qualified,
    case when w.id is not null then 1 else 0 end as won, w.value as won_value, w.currency as won_currency
    from leads l left join lead_events q on q.lead_id = l.id and q.type = 'qualified'
    left join lead_events w on w.lead_id = l.id and w.type = 'won' order by l.id`.execute(db);
  const stored = await db
    .selectFrom("leads")
    .select(["id", "qualified", "won", "won_value", "won_currency"])
    .orderBy("id")
    .execute();
  const plain = (r: Record<string, unknown>) => [r.id, Number(r.qualified), Number(r.won), r.won_value, r.won_currency];
  return { expected: rows.rows.map(plain), stored: stored.map(plain) };
}

const row = (day: string, campaign: string, ad: string, cost: number): SpendRow => ({
  day,
  campaignId: campaign,
  campaignName: `Campanha ${campaign}`,
  groupId: ad,
  groupName: `Grupo ${ad}`,
  adId: null,
  adName: null,
  currency: "BRL",
  cost,
});
/** The same totals added up from the rows themselves. */
function sumOf(rows: readonly SpendRow[], q: SpendQuery) {
  const sums = new Map<string, number>();
  for (const r of rows.filter((r) => r.day >= q.fromDay && r.day <= q.toDay)) {
    const id = [q.byCampaign ? r.campaignId : "", q.byContent ? r.groupId : "", q.byDay ? r.day : ""].join("|");
    sums.set(id, (sums.get(id) ?? 0) + r.cost);
  }
  return Object.fromEntries([...sums].map(([id, cost]) => [id, Math.round(cost * 100) / 100]));
}
const keyed = (totals: Awaited<ReturnType<Ledger["spend"]["totals"]>>) =>
  Object.fromEntries(
    totals.map((t) => [[t.campaign ?? "", t.content ?? "", t.day ?? ""].join("|"), Math.round(t.cost * 100) / 100]),
  );

export function reportRollupSuite(engine: Engine) {
  describe(`the report's sums kept by the writes on ${engine}`, { timeout: 20_000 }, () => {
    it("a lead row's outcome follows its events: outcome, correction, erasure, pruning", async () => {
      const store = await openTestStore(engine);
      try {
        const created = at("2026-03-10T15:00:00Z");
        const [a, b, c] = [
          await store.createLead(sampleLead({ utm: utm("a") }), created),
          await store.createLead(sampleLead({ utm: utm("b") }), created),
          await store.createLead(sampleLead({ utm: utm("c") }), created),
        ];
        const event = (
          type: "qualified" | "won" | "lost",
          value: number | null = null,
          currency: string | null = null,
        ) => ({ type, value, currency, at: created }) as const;
        expect(await store.recordEvent(a, event("qualified"))).toBe("recorded");
        expect(await store.recordEvent(b, event("won", 1000, "BRL"))).toBe("recorded");
        expect(await store.recordEvent(c, event("lost"))).toBe("recorded");
        expect(await store.recordEvent(b, event("won", 5, "BRL"))).toBe("duplicate");
        expect(await total(store)).toMatchObject({ leads: 3, qualified: 2, won: 1, value: { BRL: 1000 } });
        // b's sale was a mistake (lost); c was sold after all, in dollars.
        expect(await store.recordEvent(b, event("lost"), { keepAt: true })).toBe("corrected");
        expect(await store.recordEvent(c, event("won", 50, "USD"), { keepAt: false })).toBe("corrected");
        expect(await total(store)).toMatchObject({ leads: 3, qualified: 2, won: 1, value: { USD: 50 } });
        const byCampaign = await store.leadCounts({ ...YEAR, fields: ["campaign"], byDay: false });
        expect(byCampaign.find((r) => r.key.campaign === "b")).toMatchObject({ leads: 1, qualified: 0, won: 0 });
        // Erased: a's row is gone, so is its count (decision 087).
        expect(await store.deleteLead(a)).toBe(true);
        expect(await total(store)).toMatchObject({ leads: 2, qualified: 1, won: 1, value: { USD: 50 } });
        // Pruned: a count still (decision 083), on the same local day.
        expect(await store.prune(at("2027-06-01T00:00:00Z"))).toEqual({ erased: 2 });
        expect(await total(store)).toMatchObject({ leads: 2, qualified: 1, won: 1, value: { USD: 50 } });
        const days = await store.leadCounts({ ...YEAR, fields: [], byDay: true });
        // The series' own path on SQLite (decision 130): counts and the value won per currency.
        expect(days).toEqual([{ key: { day: "2026-03-10" }, leads: 2, qualified: 1, won: 1, value: { USD: 50 } }]);
        const { expected, stored } = await fromEvents(store);
        expect(stored).toEqual(expected);
      } finally {
        await store.close();
      }
    });

    it("the local day is computed when read, in the TIME_ZONE asked: a changed zone regroups every lead", async () => {
      const store = await openTestStore(engine);
      try {
        await store.createLead(sampleLead(), at("2026-05-20T23:30:00Z"));
        const day = async (timeZone: string) =>
          (await store.leadCounts({ ...YEAR, timeZone, fields: [], byDay: true })).map((r) => r.key.day);
        expect(await day("America/Sao_Paulo")).toEqual(["2026-05-20"]);
        expect(await day("Asia/Tokyo")).toEqual(["2026-05-21"]);
      } finally {
        await store.close();
      }
    });

    it("spend sums per month and per day stay the imported rows' after a re-import, across a month's edges", async () => {
      const store = await openTestStore(engine);
      try {
        const days = ["2026-01-30", "2026-01-31", "2026-02-01", "2026-02-15", "2026-02-28", "2026-03-01", "2026-03-02"];
        const first = days.flatMap((d, i) => [
          row(d, "c1", "g1", 10 + i),
          row(d, "c1", "g2", 1.5),
          row(d, "c2", "g3", i),
        ]);
        await store.spend.import("google", first);
        // Re-imported from Feb 15 on: fewer ads, other costs; the days before stay.
        const again = days.slice(3).flatMap((d) => [row(d, "c1", "g1", 7), row(d, "c2", "g4", 2.25)]);
        await store.spend.import("google", again);
        const stored = [...first.filter((r) => r.day < "2026-02-15"), ...again];
        const groupings = [
          { bySource: false, byCampaign: false, byContent: false, byDay: false },
          { bySource: true, byCampaign: true, byContent: false, byDay: false },
          { bySource: false, byCampaign: true, byContent: true, byDay: false },
          { bySource: false, byCampaign: true, byContent: false, byDay: true },
        ];
        const periods = [
          ["2026-01-01", "2026-03-31"],
          ["2026-01-31", "2026-03-01"],
          ["2026-02-01", "2026-02-28"],
          ["2026-02-10", "2026-02-20"],
          // Most of a month: its sum less the days outside (decision 115).
          ["2026-01-03", "2026-03-29"],
          ["2026-02-02", "2026-02-27"],
        ];
        for (const [fromDay, toDay] of periods)
          for (const grouping of groupings) {
            const q: SpendQuery = { fromDay, toDay, ...grouping };
            expect(keyed(await store.spend.totals(q)), JSON.stringify(q)).toEqual(sumOf(stored, q));
          }
        const onlyG4: SpendQuery = { fromDay: "2026-01-01", toDay: "2026-03-31", ...groupings[0], contents: ["g4"] };
        expect(keyed(await store.spend.totals(onlyG4))).toEqual({ "||": 2.25 * 4 });
      } finally {
        await store.close();
      }
    });

    it("most of a month is its sum less the days outside: an ad with rows only outside is no row, one costing 0 inside is", async () => {
      const store = await openTestStore(engine);
      try {
        await store.spend.import("google", [
          row("2026-05-01", "c1", "outside", 5),
          row("2026-05-10", "c1", "free", 0),
          row("2026-05-01", "c1", "both", 3),
          row("2026-05-15", "c1", "both", 2),
          row("2026-05-31", "c1", "both", 4),
        ]);
        const grouping = { bySource: false, byCampaign: false, byContent: true, byDay: false };
        const may = async (fromDay: string, toDay: string) =>
          keyed(await store.spend.totals({ fromDay, toDay, ...grouping }));
        expect(await may("2026-05-02", "2026-05-31")).toEqual({ "|free|": 0, "|both|": 6 });
        expect(await may("2026-05-02", "2026-05-30")).toEqual({ "|free|": 0, "|both|": 2 });
        expect(await may("2026-05-01", "2026-05-30")).toEqual({ "|outside|": 5, "|free|": 0, "|both|": 5 });
        expect(await may("2026-05-11", "2026-05-31")).toEqual({ "|both|": 6 });
        expect(await may("2026-05-16", "2026-06-30")).toEqual({ "|both|": 4 });
      } finally {
        await store.close();
      }
    });

    it("migrations 7 and 8 fill the outcome columns, the spend sums and their row counts from rows stored before them", async () => {
      const { settings, dispose } = await emptyDatabase(engine);
      const handle = createDatabase(settings);
      try {
        await migrate(handle, MIGRATIONS.slice(0, 6));
        const t = "2026-04-01T12:00:00.000Z";
        const lead = { lang: "pt", path: "/", ad_consent: 0, created_at: t, utm_campaign: "old" };
        const ids = await handle.db
          .insertInto("leads")
          .values(["OLD0001", "OLD0002", "OLD0003"].map((code) => ({ ...lead, code })))
          .returning("id")
          .execute();
        const ev = (i: number, type: string, value: number | null = null, currency: string | null = null) => ({
          lead_id: ids[i].id,
          type,
          value,
          currency,
          at: t,
          created_at: t,
        });
        await handle.db
          .insertInto("lead_events")
          .values([ev(0, "qualified"), ev(1, "qualified"), ev(1, "won", 300, "BRL"), ev(2, "lost")])
          .execute();
        const spend = { source: "meta", campaign_key: "old", content_key: "ad", currency: "BRL" };
        await handle.db
          .insertInto("spend")
          .values([
            { ...spend, day: "2026-03-31", cost_micros: 1_500_000 },
            { ...spend, day: "2026-04-01", cost_micros: 2_000_000 },
            { ...spend, day: "2026-04-30", cost_micros: 3_000_000 },
          ])
          .execute();
        expect(await migrate(handle)).toMatchObject({ applied: [7, 8] });
        const store = createLedger(handle);
        expect(await total(store)).toMatchObject({ leads: 3, qualified: 2, won: 1, value: { BRL: 300 } });
        const whole = { fromDay: "2026-03-31", toDay: "2026-04-30", bySource: false, byCampaign: false };
        expect(keyed(await store.spend.totals({ ...whole, byContent: true, byDay: false }))).toEqual({ "|ad|": 6.5 });
        expect(keyed(await store.spend.totals({ ...whole, byContent: false, byDay: true }))).toEqual({
          "||2026-03-31": 1.5,
          "||2026-04-01": 2,
          "||2026-04-30": 3,
        });
        // Migration 8 counted the month's rows: April less its first day is the rest of April.
        const rest = { ...whole, fromDay: "2026-04-02", byContent: true, byDay: false };
        expect(keyed(await store.spend.totals(rest))).toEqual({ "|ad|": 3 });
      } finally {
        await handle.close();
        dispose();
      }
    });
  });
}
