/**
 * Experiments on a real store, written once and run on each engine (experiments-store.test.ts:
 * SQLite, experiments-store-postgres.test.ts: PostgreSQL; issue 37): the split of 2,000 arrivals,
 * flushed as counts (one row per arm and day), within the binomial 99.9% range; a lead's arm stored
 * from its sales link and absent from the Location, the export, and the Meta, CRM and Google Ads
 * payloads; a bad token dropped; the per-arm counts unchanged by pruning.
 */
import request from "supertest";
import { afterEach, describe, expect, it } from "vitest";
import { dentalExperiment } from "../fixtures";
import { createApp } from "../../src/server/app";
import { loadConfig } from "../../src/server/config";
import { arrivalCounter } from "../../src/server/experiments/arrivals";
import { experimentRouter } from "../../src/server/experiments/assign";
import { flushArrivals } from "../../src/server/experiments/flush";
import { parseExperiments } from "../../src/server/experiments/settings";
import { parseQuery } from "../../src/shared/query";
import { databaseOf, type Ledger } from "../../src/server/ledger/store";
import type { Destination } from "../../src/server/ledger/types";
import { metaEvent } from "../../src/server/outbox/meta";
import { webhookBody } from "../../src/server/outbox/webhook";
import { googleConversionsCsv } from "../../src/server/outbox/googleCsv";
import { BROWSER_UA } from "./follow-sales";
import { openTestStore, sampleLead, type Engine } from "./store-fixture";
import type { Request } from "express";

const NOW = new Date("2026-12-10T15:00:00Z");
/** As the file declares it. */
export const declared = (id: string) => [dentalExperiment(id)];
const experimentsWith = (id: string) => parseExperiments(declared(id));
const everything: Destination[] = [{ name: "crm", wants: () => true }];

export function experimentsStoreSuite(engine: Engine) {
  describe(`experiments on ${engine}`, () => {
    let store: Ledger | undefined;
    afterEach(async () => {
      await store?.close();
      store = undefined;
    });

    it("2,000 arrivals split within the binomial 99.9% range, stored as one row per arm and day", async () => {
      const s = (store = await openTestStore(engine));
      const [x] = experimentsWith(`split-${engine}`);
      const counter = arrivalCounter();
      const router = experimentRouter([x], counter);
      const req = { method: "GET", headers: { "user-agent": BROWSER_UA } } as unknown as Request;
      const flusher = flushArrivals(counter, s);
      for (let i = 0; i < 2000; i++) {
        router.choose(req, "pt", "odontology", parseQuery(""), null, i < 1000 ? "2026-12-10" : "2026-12-11");
        if (i % 500 === 499) await flusher.flush();
      }
      await flusher.stop();
      const totals = await s.armTotals([x.id]);
      const a = totals.find((t) => t.arm === "a")!.arrivals;
      const b = totals.find((t) => t.arm === "b")!.arrivals;
      expect(a + b).toBe(2000);
      // P(|X − 1000| > 73) < 0.001 for X ~ Binomial(2000, 1/2).
      expect(Math.abs(a - 1000)).toBeLessThanOrEqual(73);
      const rows = await databaseOf(s)
        .db.selectFrom("experiment_arrivals")
        .selectAll()
        .where("experiment", "=", x.id)
        .execute();
      expect(rows.length).toBeLessThanOrEqual(2 * 2);
    });

    it("a lead's arm is stored from its sales link, and no outgoing payload carries it or its variant", async () => {
      const s = (store = await openTestStore(engine, { destinations: everything }));
      const id = `blind-${engine}`;
      const dir = `${process.env.TMPDIR ?? "/tmp"}/xia-${id}-${process.pid}.json`;
      const { writeFileSync, rmSync } = await import("node:fs");
      writeFileSync(dir, JSON.stringify(declared(id)));
      try {
        const config = loadConfig({ EXPERIMENTS_FILE: dir, SALES_WHATSAPP: "5511987654321" });
        const app = createApp({ config, store: s, now: () => NOW, salesCommitWaitMs: 10_000 });
        const link = `/sales?page=/segmentos/odontologia&xa=${id}.b`;
        const res = await request(app)
          .get(link)
          .set({ "User-Agent": BROWSER_UA, "Sec-Fetch-Mode": "navigate", "Sec-Fetch-Dest": "document" })
          .redirects(0);
        expect(res.status).toBe(303);
        const location = decodeURIComponent(res.headers.location);
        expect(location).toMatch(/ref: ODO #[A-Z0-9]+$/);
        const bad = await request(app)
          .get(`/sales?page=/segmentos/odontologia&xa=${id}.z`)
          .set({ "User-Agent": BROWSER_UA, "Sec-Fetch-Mode": "navigate", "Sec-Fetch-Dest": "document" })
          .redirects(0);
        expect(bad.status).toBe(303);
        const rows = await databaseOf(s)
          .db.selectFrom("leads")
          .select(["code", "experiment", "phase", "arm", "variant"])
          .orderBy("id")
          .execute();
        expect(rows.map((r) => [r.experiment, r.arm])).toEqual([
          [id, "b"],
          [null, null],
        ]);
        expect(rows[0].phase).toBe(experimentsWith(id)[0].phase);
        expect(rows[0].variant).toBeNull();
        const code = rows[0].code;
        await s.recordEvent(code, { type: "won", value: 900, currency: "BRL", at: NOW });
        const [exported] = await s.exportLeads(new Date(NOW.getTime() - 1000), new Date(NOW.getTime() + 1000));
        const loaded = await s.outbox.load(await s.outbox.claim("crm", 10, NOW, new Date(NOW.getTime() + 60_000)));
        const clicks = { gclid: "Cj0", gbraid: null, wbraid: null, fbclid: "IwAR", fbclidAt: NOW };
        const payloads = [
          location,
          JSON.stringify(exported),
          ...loaded.map((d) => JSON.stringify(d)),
          ...loaded.flatMap((d) =>
            "lead" in d
              ? [JSON.stringify(webhookBody(d)), JSON.stringify(metaEvent({ ...d, lead: { ...d.lead, clicks } }))]
              : [],
          ),
          googleConversionsCsv(
            [{ ...exported, clicks }],
            { qualified: "Q", won: "W" } as never,
            "America/Sao_Paulo",
            NOW,
          ),
        ];
        expect(loaded.length).toBeGreaterThan(0);
        for (const payload of payloads) {
          expect(payload).not.toContain(id);
          expect(payload).not.toMatch(/implante|"arm"|"phase"|"experiment"/);
        }
      } finally {
        rmSync(dir, { force: true });
      }
    });

    it("GET /leads/experiments.json: behind the report's password, each phase's verdict and per-arm counts", async () => {
      const s = (store = await openTestStore(engine));
      const id = `report-${engine}`;
      const file = `${process.env.TMPDIR ?? "/tmp"}/xia-${id}-${process.pid}.json`;
      const { writeFileSync, rmSync } = await import("node:fs");
      writeFileSync(file, JSON.stringify(declared(id)));
      try {
        const password = "Report-pass-2026-xyzQ";
        const config = loadConfig({ EXPERIMENTS_FILE: file, LEADS_REPORT_PASSWORD: password });
        const [x] = config.experiments;
        const lead = { ...sampleLead(), variant: null };
        for (const [arm, n] of [
          ["a", 20],
          ["b", 45],
        ] as const)
          for (let i = 0; i < n; i++) {
            const code = await s.createLead(lead, NOW, undefined, { experiment: id, phase: x.phase, arm });
            await s.recordEvent(code, { type: "qualified", value: null, currency: null, at: NOW });
          }
        await s.addArrivals([
          { experiment: id, phase: x.phase, arm: "a", day: "2026-12-10", arrivals: 1000 },
          { experiment: id, phase: x.phase, arm: "b", day: "2026-12-10", arrivals: 1000 },
        ]);
        const app = createApp({ config, store: s, now: () => NOW });
        expect((await request(app).get("/leads/experiments.json")).status).toBe(401);
        const res = await request(app).get("/leads/experiments.json").auth("x", password);
        expect(res.status).toBe(200);
        expect(res.headers["cache-control"]).toBe("private, no-store");
        expect(res.body).toHaveLength(1);
        const [v] = res.body;
        expect(v).toMatchObject({ id, phase: x.phase, status: "too-early", days: 10, ratio: 2.25 });
        // 65 qualified leads on the page in the last 8 weeks: 8.125 a week, 2× in 14 weeks, 1.5× in 41.
        expect(v.plan).toEqual({ per_week: 8.125, weeks: { double: 14, half: 41 } });
        expect(v.e).toBeCloseTo(26.5186, 3);
        expect(v.interval[0]).toBeCloseTo(1.02708384829, 5);
        expect(v.interval[1]).toBeCloseTo(5.50256477051, 5);
        expect(v.srm_p).toBeCloseTo(1, 5);
        expect(v.arms).toEqual([
          { id: "a", weight: 1, arrivals: 1000, leads: 20, qualified: 20, sales: 0 },
          { id: "b", weight: 1, arrivals: 1000, leads: 45, qualified: 45, sales: 0 },
        ]);
      } finally {
        rmSync(file, { force: true });
      }
    });

    it("pruning leaves the per-arm counts unchanged", async () => {
      const s = (store = await openTestStore(engine, { retentionDays: 1 }));
      const [x] = experimentsWith(`prune-${engine}`);
      const lead = { ...sampleLead(), variant: null };
      const arm = (a: string) => ({ experiment: x.id, phase: x.phase, arm: a });
      const codes = [
        await s.createLead(lead, NOW, undefined, arm("a")),
        await s.createLead(lead, NOW, undefined, arm("b")),
        await s.createLead(lead, NOW, undefined, arm("b")),
      ];
      await s.recordEvent(codes[1], { type: "qualified", value: null, currency: null, at: NOW });
      await s.addArrivals([{ experiment: x.id, phase: x.phase, arm: "a", day: "2026-12-10", arrivals: 40 }]);
      const before = await s.armTotals([x.id]);
      expect(before.find((t) => t.arm === "b")).toMatchObject({ leads: 2, qualified: 1 });
      const { erased } = await s.prune(new Date(NOW.getTime() + 5 * 86_400_000));
      expect(erased).toBe(3);
      const sort = (t: typeof before) => [...t].sort((p, q) => p.arm.localeCompare(q.arm));
      expect(sort(await s.armTotals([x.id]))).toEqual(sort(before));
    });

    it("the strict window: qualified within 14 days, among leads at least 14 days old", async () => {
      const s = (store = await openTestStore(engine));
      const [x] = experimentsWith(`strict-${engine}`);
      const lead = { ...sampleLead(), variant: null };
      const day = 86_400_000;
      const old = new Date(NOW.getTime() - 20 * day);
      const arm = { experiment: x.id, phase: x.phase, arm: "a" };
      const [early, late, never] = [
        await s.createLead(lead, old, undefined, arm),
        await s.createLead(lead, old, undefined, arm),
        await s.createLead(lead, old, undefined, arm),
      ];
      const young = await s.createLead(lead, new Date(NOW.getTime() - 5 * day), undefined, arm);
      const at = (from: Date, days: number) => new Date(from.getTime() + days * day);
      await s.recordEvent(early, { type: "qualified", value: null, currency: null, at: at(old, 3) });
      await s.recordEvent(late, { type: "qualified", value: null, currency: null, at: at(old, 16) });
      await s.recordEvent(young, { type: "qualified", value: null, currency: null, at: at(old, 16) });
      expect(never).toBeTruthy();
      const [a] = (await s.armTotals([x.id], NOW)).filter((t) => t.arm === "a");
      expect(a).toMatchObject({ leads: 4, qualified: 3, mature: 3, matureQualified: 1 });
    });
  });
}
