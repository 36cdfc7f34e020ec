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
import { METRICS } from "../../src/server/report/sort";
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
      const campaign = (name: string | null, content: string | null = null) => ({
        source: "google",
        medium: "cpc",
        campaign: name,
        term: name === null ? '=HYPERLINK("http://x")' : null,
        content,
      });
      // Dental, variant implante, campaign odonto-sp: 3 leads, 2 qualified (one of them won), 1 lost.
      const odo = { segment: "odontology", utm: campaign("odonto-sp", "ad-a") };
      await lead(day("2026-11-20"), odo, ["qualified", "won"]);
      await lead(day("2026-11-21"), odo, ["qualified"]);
      await lead(day("2026-11-22"), odo, ["lost"]);
      // A sale without a "qualified" event counts as qualified too; a second sale in USD.
      await lead(day("2026-11-23"), { segment: "vehicles", variant: null, utm: campaign(HOSTILE, "ad-b") }, ["won"]);
      await store.recordEvent(
        await store.createLead(
          sampleLead({ segment: "vehicles", variant: null, utm: campaign(HOSTILE, "ad-b") }),
          day("2026-11-23"),
        ),
        { type: "won", value: 50, currency: "USD", at: day("2026-11-24") },
      );
      // English, no campaign; and one lead outside the default 30 days.
      await lead(day("2026-11-25"), { lang: "en", segment: null, variant: null, path: "/en", utm: campaign(null) });
      await lead(day("2026-09-01"), { segment: "odontology" }, ["qualified"]);
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

    // The breakdown table's columns: dimensions, then METRICS (sort.ts); these read the counts, rates and value.
    const metrics = (row: string[], dims = 1) => [
      ...row.slice(0, dims),
      ...(["leads", "qualified", "won", "rateQualified", "rateWon", "value", "valuePerLead"] as const).map(
        (m) => row[dims + METRICS.indexOf(m)],
      ),
    ];

    it("counts leads, qualified, sales, rates and value per campaign (the default), per currency", async () => {
      const page = parsePage((await get("/leads")).text);
      expect(page.getByRole("heading", { level: 1, name: reportText("report.title") })).toBeTruthy();
      const table = page.getAllByRole("table")[0];
      const none = reportText("report.none");
      expect(rowTexts(table).map((r) => metrics(r))).toEqual([
        ["odonto-sp", "3", "2", "1", "66,7%", "33,3%", "R$ 1.000,00", "R$ 333,33"],
        [HOSTILE, "2", "2", "2", "100%", "100%", "R$ 1.000,00 + US$ 50,00", "R$ 500,00 + US$ 25,00"],
        [none, "1", "0", "0", "0%", "0%", "—", "—"],
      ]);
      const total = metrics(["", ...[...table.querySelectorAll("tfoot td")].map((c) => textOf(c))]).slice(1, 7);
      expect(total).toEqual(["6", "4", "3", "66,7%", "50%", "R$ 2.000,00 + US$ 50,00"]);
      expect(page.getAllByRole("img").length).toBe(2);
    });

    it("groups by any two dimensions, segments by their Portuguese name and reference", async () => {
      const page = parsePage((await get("/leads?by=segment,content&from=2026-09-01&to=2026-11-26")).text);
      expect(rowTexts(page.getAllByRole("table")[0]).map((r) => metrics(r, 2).slice(0, 8))).toEqual([
        ["Odontologia · ODO", "ad-a", "3", "2", "1", "66,7%", "33,3%", "R$ 1.000,00"],
        ["Concessionárias · AUTO", "ad-b", "2", "2", "2", "100%", "100%", "R$ 1.000,00 + US$ 50,00"],
        ["Odontologia · ODO", reportText("report.none"), "1", "1", "0", "100%", "0%", "—"],
        [reportText("report.none"), reportText("report.none"), "1", "0", "0", "0%", "0%", "—"],
      ]);
      // 2026-09-01 12:00 UTC is 09:00 in São Paulo: inside that day, outside the day before.
      const oneDay = parsePage((await get("/leads?by=lang&from=2026-09-01&to=2026-09-01")).text);
      expect(rowTexts(oneDay.getAllByRole("table")[0]).map((r) => metrics(r).slice(0, 4))).toEqual([
        ["pt", "1", "1", "0"],
      ]);
      const empty = parsePage((await get("/leads?from=2026-08-31&to=2026-08-31")).text);
      expect(empty.getByText(reportText("report.empty"))).toBeTruthy();
    });

    it("groups by day, week and month in the site's time zone, in time order", async () => {
      const byDay = parsePage((await get("/leads?by=day&from=2026-11-20&to=2026-11-25")).text);
      expect(rowTexts(byDay.getAllByRole("table")[0]).map((r) => r.slice(0, 2))).toEqual([
        ["20/11/2026", "1"],
        ["21/11/2026", "1"],
        ["22/11/2026", "1"],
        ["23/11/2026", "2"],
        ["25/11/2026", "1"],
      ]);
      // 2026-11-23 is a Monday: the week of the 16th holds the 20th to the 22nd.
      const byWeek = parsePage((await get("/leads?by=week,campaign&from=2026-11-20&to=2026-11-25")).text);
      expect(rowTexts(byWeek.getAllByRole("table")[0]).map((r) => r.slice(0, 3))).toEqual([
        [reportText("report.week", { start: "16/11/2026" }), "odonto-sp", "3"],
        [reportText("report.week", { start: "23/11/2026" }), HOSTILE, "2"],
        [reportText("report.week", { start: "23/11/2026" }), reportText("report.none"), "1"],
      ]);
      const byMonth = parsePage((await get("/leads?by=month&from=2026-09-01&to=2026-11-26")).text);
      expect(rowTexts(byMonth.getAllByRole("table")[0]).map((r) => r.slice(0, 2))).toEqual([
        ["setembro de 2026", "1"],
        ["novembro de 2026", "6"],
      ]);
    });

    it("links each row to its drill-down, and filters on any dimension", async () => {
      const page = parsePage((await get("/leads?by=campaign")).text);
      const link = page.getByRole("link", { name: "odonto-sp" }).getAttribute("href")!;
      const params = new URLSearchParams(link.split("?")[1]);
      expect([params.get("campaign"), params.get("by")]).toEqual(["odonto-sp", "content"]);
      const drilled = parsePage((await get(link)).text);
      expect(rowTexts(drilled.getAllByRole("table")[0]).map((r) => r.slice(0, 2))).toEqual([["ad-a", "3"]]);
      const noCampaign = parsePage((await get("/leads?by=lang&campaign=")).text);
      expect(rowTexts(noCampaign.getAllByRole("table")[0]).map((r) => r.slice(0, 2))).toEqual([["en", "1"]]);
    });

    it("shows the period's headline numbers against the previous period", async () => {
      // 2026-11-20..25 against 2026-11-14..19 (no leads): the numbers, and the previous ones.
      const page = parsePage((await get("/leads?from=2026-11-20&to=2026-11-25")).text);
      const cards = [
        ...page.getByRole("region", { name: reportText("report.headline.title") }).querySelectorAll(".card"),
      ];
      expect(cards.slice(0, 3).map((c) => textOf(c.querySelector(".big")!))).toEqual(["6", "4", "3"]);
    });

    it("shows a hostile campaign name as text, never as markup", async () => {
      const res = await get("/leads?by=campaign,day");
      expect(res.text).not.toContain("<script>alert(1)</script>");
      expect(res.headers["content-security-policy"]).toMatch(/default-src 'none'/);
      expect(res.headers["content-security-policy"]).not.toMatch(/unsafe-inline/);
    });

    it("gives the same table as CSV with a BOM, formulas defused; ?excel=br with ; and decimal commas", async () => {
      for (const res of [
        await get("/leads.csv?by=campaign"),
        await get("/leads?by=campaign").set("Accept", "text/csv"),
      ]) {
        expect(res.status).toBe(200);
        expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
        expect(res.headers["cache-control"]).toBe("private, no-store");
        expect(res.text.startsWith("\uFEFF")).toBe(true);
        const lines = res.text.slice(1).split("\r\n");
        expect(lines[0]).toBe(
          '"campaign","campaign_name","leads","qualified","won","rate_qualified","rate_won",' +
            '"value_BRL","value_per_lead_BRL","value_USD","value_per_lead_USD"',
        );
        expect(lines[1]).toBe('"odonto-sp","odonto-sp","3","2","1","0.6667","0.3333","1000","333.3333","",""');
        expect(lines[2]).toContain(`"${HOSTILE.replace(/"/g, '""')}"`);
        expect(lines.at(-2)).toBe(
          `"${reportText("report.total")}","","6","4","3","0.6667","0.5","2000","333.3333","50","8.3333"`,
        );
      }
      const br = await get("/leads.csv?by=campaign&excel=br");
      expect(br.text.slice(1).split("\r\n")[1]).toBe(
        '"odonto-sp";"odonto-sp";"3";"2";"1";"0,6667";"0,3333";"1000";"333,3333";"";""',
      );
      const formula = await get("/leads.csv?by=term");
      expect(formula.text).toContain(`"'=HYPERLINK(""http://x"")"`);
    });

    it("exports every lead of the period with the report password: BOM, times with their offset, never a click identifier", async () => {
      const res = await get("/leads/export.csv?from=2026-11-20&to=2026-11-22");
      expect(res.status).toBe(200);
      expect(res.headers["cache-control"]).toBe("private, no-store");
      const lines = res.text.split("\r\n");
      expect(lines[0]).toBe(
        '\uFEFF"code","created_at","lang","page","segment","variant","plan","utm_source","utm_medium","utm_campaign",' +
          '"utm_term","utm_content","qualified_at","won_at","won_value","won_currency","lost_at"',
      );
      expect(lines.slice(1, -1).map((l) => l.split(",").slice(1, 2))).toEqual([
        ['"2026-11-20T09:00:00-03:00"'],
        ['"2026-11-21T09:00:00-03:00"'],
        ['"2026-11-22T09:00:00-03:00"'],
      ]);
      expect(lines[1]).toContain('"1000","BRL"');
      expect(res.text).not.toMatch(/gclid|fbclid|consent/);
      const br = await get("/leads/export.csv?from=2026-11-20&to=2026-11-20&excel=br");
      expect(br.text.split("\r\n")[1].split(";").length).toBe(17);
      expect((await request(app()).get("/leads/export.csv")).status).toBe(401);
    });

    it("refuses a bad query with a 400 naming the field, never echoing it", async () => {
      const cases: Array<[string, string]> = [
        ["/leads?from=2026-02-30", "from"],
        ["/leads?to=yesterday", "to"],
        ["/leads?from=2026-11-20&to=2026-11-01", "from"],
        ["/leads?from=2020-01-01&to=2026-11-26", "from"],
        ["/leads?by=%3Cb%3E", "by"],
        ["/leads?by=segment&by=lang", "by"],
        ["/leads?by=day,week", "by"],
        ["/leads?by=campaign,content,term", "by"],
        ["/leads?by=campaign,campaign", "by"],
        ["/leads?campaign=a&campaign=b", "campaign"],
        [`/leads?content=${"x".repeat(201)}`, "content"],
        ["/leads.csv?excel=us", "excel"],
        [`/leads.csv?from=${"9".repeat(900)}`, "from"],
      ];
      for (const [path, field] of cases) {
        const res = await get(path);
        expect(res.status, path).toBe(400);
        expect(res.text, path).toContain(field);
        expect(res.text).not.toMatch(/<b>|9{20}|x{20}|yesterday/);
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
      // The reason in Portuguese, the technical line beside it; the time in TIME_ZONE with its offset.
      const reason = `${reportText("report.reason.serverError", { status: "500" })} (HTTP 500 <from the CRM>)`;
      expect(rowTexts(tables[0])).toEqual([["webhook", "1", "1", "1", "1", reason]]);
      // The failed and the expired, each with its lead's code.
      const [expired, failed] = rowTexts(tables[1]);
      expect(failed).toEqual(
        expect.arrayContaining([reportText("report.deliveries.failed"), reason, "26/11/2026 09:00 (-03:00)"]),
      );
      expect(expired.slice(0, 2)).toEqual(["webhook", reportText("report.deliveries.expired")]);
      expect(expired[2]).toMatch(/^[A-Z2-9]{8}$/);
    });
  });
}
