/**
 * The marketer's report (/leads, /leads.csv; decision 072) on a store of either engine: 404 unless
 * configured, HTTP Basic, never cached or indexed, the numbers of a known data set per grouping,
 * hostile campaign names shown as text, bad queries a 400 naming the field, the outbox's state.
 */
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reportText } from "../../src/content/catalogue";
import { createApp } from "../../src/server/app";
import { loadConfig } from "../../src/server/config";
import type { Engine } from "../../src/server/ledger/engine";
import { databaseOf, type Ledger } from "../../src/server/ledger/store";
import type { LeadEventType } from "../../src/server/ledger/types";
import { parsePage, textOf } from "./dom";
import { openTestStore, sampleLead } from "./store-fixture";

const PASSWORD = "correct-horse-battery-staple";
const ENV = { LEADS_REPORT_PASSWORD: PASSWORD };
const now = new Date("2026-11-26T12:00:00Z");
const day = (d: string, h = 12) => new Date(`${d}T${String(h).padStart(2, "0")}:00:00Z`);
const HOSTILE = `<script>alert(1)</script>"'&`;
const rowTexts = (table: Element) =>
  [...table.querySelectorAll("tbody tr")].map((tr) => [...tr.children].map((c) => textOf(c)));

export function reportSuite(engine: Engine) {
  describe(`the lead report on ${engine}`, { timeout: 20_000 }, () => {
    let store: Ledger;
    const app = (env: Record<string, string> = ENV) => createApp({ config: loadConfig(env), store, now: () => now });
    const get = (path: string) => request(app()).get(path).auth("marketing", PASSWORD);

    beforeAll(async () => {
      store = await openTestStore(engine, { timeoutMs: 5_000 });
      const lead = async (created: Date, fields: Parameters<typeof sampleLead>[0], events: LeadEventType[] = []) => {
        const code = await store.createLead(sampleLead(fields), created);
        for (const type of events) {
          const won = type === "won";
          await store.recordEvent(code, { type, value: won ? 1000 : null, currency: won ? "BRL" : null, at: created });
        }
      };
      const campaign = (name: string | null) => ({
        source: "google",
        medium: "cpc",
        campaign: name,
        term: null,
        content: null,
      });
      // Dental, variant implante, campaign odonto-sp: 3 leads, 2 qualified (one of them won), 1 lost.
      await lead(day("2026-11-20"), { utm: campaign("odonto-sp") }, ["qualified", "won"]);
      await lead(day("2026-11-21"), { utm: campaign("odonto-sp") }, ["qualified"]);
      await lead(day("2026-11-22"), { utm: campaign("odonto-sp") }, ["lost"]);
      // A sale without a "qualified" event counts as qualified too; a second sale in USD.
      await lead(day("2026-11-23"), { segment: "vehicles", variant: null, utm: campaign(HOSTILE) }, ["won"]);
      await store.recordEvent(
        await store.createLead(
          sampleLead({ segment: "vehicles", variant: null, utm: campaign(HOSTILE) }),
          day("2026-11-23"),
        ),
        { type: "won", value: 50, currency: "USD", at: day("2026-11-24") },
      );
      // English, no campaign; and one lead outside the default 30 days.
      await lead(day("2026-11-25"), { lang: "en", segment: null, variant: null, path: "/en", utm: campaign(null) });
      await lead(day("2026-09-01"), {}, ["qualified"]);
    });
    afterAll(() => store.close());

    it("does not exist without LEADS_REPORT_PASSWORD: the site's 404", async () => {
      expect((await request(app({})).get("/leads").auth("x", PASSWORD)).status).toBe(404);
      expect((await request(app({})).get("/leads.csv").auth("x", PASSWORD)).status).toBe(404);
    });

    it("asks for the password, with any user name, and is never cached or indexed", async () => {
      for (const ask of [request(app()).get("/leads"), request(app()).get("/leads").auth("x", "not-the-password-1")]) {
        const res = await ask;
        expect(res.status).toBe(401);
        expect(res.headers["www-authenticate"]).toMatch(/^Basic realm=/);
        expect(res.text).not.toContain("odonto-sp");
      }
      const res = await get("/leads");
      expect(res.status).toBe(200);
      expect(res.headers["cache-control"]).toBe("private, no-store");
      expect(res.headers["x-robots-tag"]).toMatch(/noindex/);
      expect(parsePage(res.text).meta("robots")).toEqual(["noindex, nofollow"]);
      expect((await request(app()).post("/leads").auth("x", PASSWORD)).status).toBe(405);
      expect((await request(app()).get("/sitemap.xml")).text).not.toContain("/leads");
    });

    it("counts leads, qualified, won and value per segment, variant, campaign and language", async () => {
      const page = parsePage((await get("/leads")).text);
      expect(page.getByRole("heading", { level: 1, name: reportText("report.title") })).toBeTruthy();
      const table = page.getAllByRole("table")[0];
      const none = reportText("report.none");
      expect(rowTexts(table)).toEqual([
        ["odontologia", "implante", "odonto-sp", "pt", "3", "2", "1", "R$ 1.000,00"],
        ["vehicles", none, HOSTILE, "pt", "2", "2", "2", "R$ 1.000,00 + US$ 50,00"],
        [none, none, none, "en", "1", "0", "0", ""],
      ]);
      const total = [...table.querySelectorAll("tfoot td")].map((c) => textOf(c));
      expect(total).toEqual(["6", "4", "3", "R$ 2.000,00 + US$ 50,00"]);
      expect(page.getByRole("img", { name: reportText("report.chart.label") })).toBeTruthy();
    });

    it("groups by one dimension and reads any date range, days in the site's time zone", async () => {
      const bySegment = parsePage((await get("/leads?by=segment&from=2026-09-01&to=2026-11-26")).text);
      expect(rowTexts(bySegment.getAllByRole("table")[0])).toEqual([
        ["odontologia", "4", "3", "1", "R$ 1.000,00"],
        ["vehicles", "2", "2", "2", "R$ 1.000,00 + US$ 50,00"],
        [reportText("report.none"), "1", "0", "0", ""],
      ]);
      // 2026-09-01 12:00 UTC is 09:00 in São Paulo: inside that day, outside the day before.
      const oneDay = parsePage((await get("/leads?by=lang&from=2026-09-01&to=2026-09-01")).text);
      expect(rowTexts(oneDay.getAllByRole("table")[0])).toEqual([["pt", "1", "1", "0", ""]]);
      const empty = parsePage((await get("/leads?from=2026-08-31&to=2026-08-31")).text);
      expect(empty.getByText(reportText("report.empty"))).toBeTruthy();
    });

    it("shows a hostile campaign name as text, never as markup", async () => {
      const res = await get("/leads");
      expect(res.text).not.toContain("<script>alert(1)</script>");
      expect(res.headers["content-security-policy"]).toMatch(/default-src 'none'/);
      expect(res.headers["content-security-policy"]).not.toMatch(/unsafe-inline/);
    });

    it("gives the same table as CSV, formulas defused", async () => {
      for (const res of [
        await get("/leads.csv?by=campaign"),
        await get("/leads?by=campaign").set("Accept", "text/csv"),
      ]) {
        expect(res.status).toBe(200);
        expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
        expect(res.headers["cache-control"]).toBe("private, no-store");
        expect(res.text.split("\r\n")).toEqual([
          '"campaign","leads","qualified","won","value_BRL","value_USD"',
          '"odonto-sp","3","2","1","1000.00",""',
          `"${HOSTILE.replace(/"/g, '""')}","2","2","2","1000.00","50.00"`,
          '"","1","0","0","",""',
          `"${reportText("report.total")}","6","4","3","2000.00","50.00"`,
          "",
        ]);
      }
    });

    it("refuses a bad query with a 400 naming the field, never echoing it", async () => {
      const cases: Array<[string, string]> = [
        ["/leads?from=2026-02-30", "from"],
        ["/leads?to=yesterday", "to"],
        ["/leads?from=2026-11-20&to=2026-11-01", "from"],
        ["/leads?from=2020-01-01&to=2026-11-26", "from"],
        ["/leads?by=%3Cb%3E", "by"],
        ["/leads?by=segment&by=lang", "by"],
        [`/leads.csv?from=${"9".repeat(900)}`, "from"],
      ];
      for (const [path, field] of cases) {
        const res = await get(path);
        expect(res.status, path).toBe(400);
        expect(res.text, path).toContain(field);
        expect(res.text).not.toMatch(/<b>|9{20}|yesterday/);
      }
    });

    it("shows each destination's deliveries: sent, pending, failed with the last error, expired", async () => {
      const { db } = databaseOf(store);
      const events = await db.selectFrom("lead_events").select("id").orderBy("id").limit(4).execute();
      const at = now.toISOString();
      const statuses = ["sent", "pending", "failed", "expired"] as const;
      await db
        .insertInto("deliveries")
        .values(
          events.map((e, i) => ({
            event_id: e.id,
            destination: "webhook",
            status: statuses[i],
            attempts: i,
            next_attempt_at: at,
            created_at: at,
            last_error: i === 2 ? "HTTP 500 <from the CRM>" : null,
          })),
        )
        .execute();
      const page = parsePage((await get("/leads")).text);
      const section = page.getByRole("region", { name: reportText("report.deliveries.title") });
      const tables = section.querySelectorAll("table");
      expect(rowTexts(tables[0])).toEqual([["webhook", "1", "1", "1", "1", "HTTP 500 <from the CRM>"]]);
      expect(rowTexts(tables[1])[0]).toContain("HTTP 500 <from the CRM>");
    });
  });
}
