/**
 * Spend in the report (issue 36 items 3 and 6; decisions 093, 095) on a store of either engine:
 * each vendor's file imported through the API and through the form, names replacing ids, cost,
 * cost per lead, per qualified lead, per sale and ROAS per row; a re-import replacing its days;
 * hostile files refused whole; both forms' token; the retry requeuing exactly the failed
 * deliveries; when Google last fetched its file, in TIME_ZONE.
 */
import { readFileSync } from "node:fs";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reportText } from "../../src/content/catalogue";
import { createApp } from "../../src/server/app";
import { loadConfig } from "../../src/server/config";
import { databaseOf } from "../../src/server/ledger/store";
import { TABLE_ROWS } from "../../src/server/report/ReportPage";
import type { Ledger } from "../../src/server/ledger/types";
import { METRICS } from "../../src/server/report/sort";
import { parsePage, textOf } from "./dom";
import { openTestStore, sampleLead, type Engine } from "./store-fixture";

const PASSWORD = "correct-horse-battery-staple";
const TOKEN = "9f3c1a7e52b84d06e1c7a3f95b2d8e40";
const GOOGLE_PASSWORD = "g7Kp2vQ9xL4mW8rT";
const ENV = {
  LEADS_REPORT_PASSWORD: PASSWORD,
  LEADS_API_TOKEN: TOKEN,
  GOOGLE_ADS_CONVERSION_QUALIFIED: "Lead qualificado",
  GOOGLE_ADS_FILE_PASSWORD: GOOGLE_PASSWORD,
};
const now = new Date("2026-11-26T12:00:00Z");
const fixture = (name: string) => readFileSync(new URL(`./spend/${name}`, import.meta.url));
const PERIOD = "from=2026-08-03&to=2026-08-09";
const rowTexts = (table: Element) =>
  [...table.querySelectorAll("tbody tr")].map((tr) => [...tr.children].map((c) => textOf(c)));
// Dimensions, leads, qualified, won, then cost, cost per lead, per qualified, per sale, ROAS (columns in sort.ts's METRICS order).
const costs = (row: string[], dims = 1) => [
  ...row.slice(0, dims),
  ...(["leads", "qualified", "won", "cost", "costPerLead", "costPerQualified", "costPerWon", "roas"] as const).map(
    (m) => row[dims + METRICS.indexOf(m)],
  ),
];

export function reportSpendSuite(engine: Engine) {
  describe(`spend in the report on ${engine}`, { timeout: 20_000 }, () => {
    let store: Ledger;
    const app = () => createApp({ config: loadConfig(ENV), store, now: () => now });
    const get = (path: string) => request(app()).get(path).auth("marketing", PASSWORD);
    const put = (source: string, body: Buffer | string) =>
      request(app())
        .put(`/api/spend?source=${source}`)
        .set("Authorization", `Bearer ${TOKEN}`)
        .set("Content-Type", "text/csv")
        .send(body);
    const table = async (query: string) =>
      rowTexts(parsePage((await get(`/leads?${query}`)).text).getAllByRole("table")[0]);
    const csrf = async () =>
      parsePage((await get("/leads")).text).document.querySelector<HTMLInputElement>('input[name="csrf"]')!.value;

    beforeAll(async () => {
      store = await openTestStore(engine, { timeoutMs: 5_000 });
      const lead = async (d: string, utm: Record<string, string>, events: Array<"qualified" | "won"> = []) => {
        const code = await store.createLead(
          sampleLead({ utm: { source: "google", medium: "cpc", term: null, ...utm } as never }),
          new Date(`${d}T15:00:00Z`),
        );
        for (const type of events)
          await store.recordEvent(code, {
            type,
            value: type === "won" ? 3000 : null,
            currency: type === "won" ? "BRL" : null,
            at: new Date(`${d}T16:00:00Z`),
          });
      };
      // Google's final URL suffix carries ids ({campaignid}, {adgroupid}); one lead carried the names.
      await lead("2026-08-03", { campaign: "21870001", content: "15530001" }, ["qualified", "won"]);
      await lead("2026-08-04", { campaign: "21870001", content: "15530001" });
      await lead("2026-08-04", { campaign: "Odonto SP", content: "Clareamento, SP" }, ["qualified"]);
      // Meta's URL parameters carry names ({{campaign.name}}, {{ad.name}}).
      await lead(
        "2026-08-05",
        { source: "meta", medium: "paid", campaign: "Concessionárias Test-drive", content: "Vídeo <b>test-drive</b>" },
        ["qualified"],
      );
    });
    afterAll(() => store.close());

    it("imports each platform's report through the API; names replace ids; cost, CPL, cost per qualified and per sale, ROAS", async () => {
      expect((await put("google", fixture("google-ads.csv"))).body).toEqual({
        source: "google",
        rows: 3,
        from: "2026-08-03",
        to: "2026-08-04",
      });
      expect((await put("meta", fixture("meta-ads.csv"))).body).toEqual({
        source: "meta",
        rows: 3,
        from: "2026-08-05",
        to: "2026-08-06",
      });
      expect((await table(`by=campaign&${PERIOD}`)).map((r) => costs(r))).toEqual([
        ["Odonto SP", "3", "2", "1", "R$ 1.800,00", "R$ 600,00", "R$ 900,00", "R$ 1.800,00", "1,67× (BRL)"],
        ["Concessionárias Test-drive", "1", "1", "0", "R$ 400,00", "R$ 400,00", "R$ 400,00", "—", "0× (BRL)"],
      ]);
      expect((await table(`by=campaign,content&${PERIOD}`)).map((r) => costs(r, 2).slice(0, 6))).toEqual([
        ["Odonto SP", "Implante SP", "2", "1", "1", "R$ 1.500,00"],
        ["Concessionárias Test-drive", "Vídeo <b>test-drive</b>", "1", "1", "0", "R$ 350,50"],
        ["Odonto SP", "Clareamento, SP", "1", "1", "0", "R$ 300,00"],
        // An ad that cost and brought no lead is a row too.
        ["Concessionárias Test-drive", "Carrossel seminovos", "0", "0", "0", "R$ 49,50"],
      ]);
      const page = await get(`/leads?by=content&${PERIOD}`);
      expect(page.text).not.toContain("<b>test-drive</b>");
      const csv = await get(`/leads.csv?by=content&${PERIOD}`);
      expect(csv.text).toContain(
        '"15530001","Implante SP","2","1","1","0.5","0.5","3000","1500","1500","750","1500","1500","2"',
      );
    });

    it("orders the table by a column's link (cheapest qualified lead first, none last), the CSV too; presets and the compared days", async () => {
      const page = parsePage((await get(`/leads?by=campaign,content&${PERIOD}`)).text);
      const heading = page.getByRole("columnheader", { name: reportText("report.col.costPerQualified") });
      const sorted = heading.querySelector("a")!.getAttribute("href")!;
      expect(new URL(sorted, "http://x").searchParams.get("sort")).toBe("costPerQualified");
      const again = parsePage((await get(sorted)).text);
      expect(rowTexts(again.getAllByRole("table")[0]).map((r) => r[1])).toEqual([
        "Clareamento, SP",
        "Vídeo <b>test-drive</b>",
        "Implante SP",
        "Carrossel seminovos",
      ]);
      const current = reportText("report.sort.ascending", { column: reportText("report.sort.costPerQualified") });
      expect(textOf(again.document.querySelector('.sort-by [aria-current="true"]')!)).toBe(current);
      const csv = (await get(`/leads.csv?by=content&sort=costPerQualified&${PERIOD}`)).text.split("\r\n");
      expect(csv.slice(1, 5).map((l) => l.split('","')[1])).toEqual([
        "Clareamento, SP",
        "Vídeo <b>test-drive</b>",
        "Implante SP",
        "Carrossel seminovos",
      ]);
      expect((await get(`/leads?sort=cost;drop&${PERIOD}`)).text).toBe(`${reportText("report.error.sort")}\n`);
      // 2026-11-26 is a Thursday: last week is Monday 16 to Sunday 22, compared with the week before.
      const lastWeek = page.getByRole("link", { name: reportText("report.presets.lastWeek") }).getAttribute("href")!;
      expect(new URL(lastWeek, "http://x").searchParams.toString()).toBe(
        "from=2026-11-16&to=2026-11-22&by=campaign%2Ccontent",
      );
      const week = parsePage((await get(lastWeek)).text);
      const period = { from: "16/11/2026", to: "22/11/2026", previousFrom: "09/11/2026", previousTo: "15/11/2026" };
      expect(week.getByText(reportText("report.headline.period", period))).toBeTruthy();
    });

    it("draws at most TABLE_ROWS rows (most leads, then most cost) with a line saying how many more; the CSV has all", async () => {
      // 101 campaigns on a day of their own: "B0" brought the one lead and cost least, "B1" cost next least.
      const day = "2026-06-01";
      const rows = Array.from({ length: TABLE_ROWS + 1 }, (_, i) => ({
        day,
        campaignId: `B${i}`,
        campaignName: `Campanha B${i}`,
        groupId: `G${i}`,
        groupName: `Grupo B${i}`,
        adId: null,
        adName: null,
        currency: "BRL",
        cost: i + 1,
      }));
      await store.spend.import("google", rows);
      await store.createLead(
        sampleLead({ utm: { source: "google", medium: "cpc", campaign: "B0", term: null, content: null } as never }),
        new Date(`${day}T15:00:00Z`),
      );
      const query = `by=campaign&from=${day}&to=${day}`;
      const page = parsePage((await get(`/leads?${query}`)).text);
      const names = rowTexts(page.getAllByRole("table")[0]).map((row) => row[0]);
      expect(names).toHaveLength(TABLE_ROWS);
      expect(names[0]).toBe("Campanha B0");
      expect(names).toContain("Campanha B2");
      expect(names).not.toContain("Campanha B1");
      const more = page.document.querySelector("p.more")!;
      expect(textOf(more)).toContain(
        reportText("report.table.more", { shown: TABLE_ROWS, count: TABLE_ROWS + 1, more: 1 }),
      );
      expect(more.querySelector("a")!.getAttribute("href")).toBe(`/leads.csv?from=${day}&to=${day}&by=campaign`);
      const csv = (await get(`/leads.csv?${query}`)).text.slice(1).trim().split("\r\n");
      // Header, every campaign, the total.
      expect(csv).toHaveLength(TABLE_ROWS + 3);
      expect(csv.some((line) => line.includes('"Campanha B1"'))).toBe(true);
      // Fewer rows than the bound: no line.
      expect((await get(`/leads?by=source&from=${day}&to=${day}`)).text).not.toContain('class="more"');
    });

    it("replaces the days a re-import covers, and only those; the same file twice changes nothing", async () => {
      const again =
        "Ad group report\r\nAugust 4, 2026\r\nDay,Campaign,Campaign ID,Ad group,Ad group ID,Currency code,Cost\r\n" +
        "2026-08-04,Odonto SP,21870001,Implante SP,15530001,BRL,100.00\r\n";
      for (let i = 0; i < 2; i++) expect((await put("google", again)).status).toBe(200);
      expect((await table(`by=campaign&campaign=21870001&${PERIOD}`)).map((r) => costs(r)[4])).toEqual(["R$ 1.100,00"]);
      expect((await put("google", fixture("google-ads.csv"))).status).toBe(200);
    });

    it("refuses a hostile file whole, naming the line and column, through the API and the form", async () => {
      const head = "Day,Campaign,Campaign ID,Currency code,Cost\r\n";
      const cases: Array<[string, Record<string, unknown>]> = [
        [
          `${head}2026-08-03,A,1,BRL,10\r\n2026-08-04,"=HYPERLINK(""http://x"")",1,BRL,10\r\n`,
          { problem: "formula", line: 3, column: "Campaign" },
        ],
        [`${head}2026-08-03,A,1,ZZZ,10\r\n`, { problem: "currency", line: 2 }],
        [
          `${head.replace("Cost", "Cost,Extra")}2026-08-03,A,1,BRL,10,1\r\n`,
          { problem: "unknownColumn", column: "Extra" },
        ],
        [`${head}2026-08-03,A,1,BRL,10;5\r\n`, { problem: "number", line: 2, column: "Cost" }],
        [`${head}${"2026-08-03,A,1,BRL,10\r\n".repeat(480_000)}`, { problem: "size" }],
      ];
      for (const [body, error] of cases) {
        const res = await put("google", body);
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject(error);
      }
      expect(costs((await table(`by=campaign&${PERIOD}`))[0])[4]).toBe("R$ 1.800,00");
      const token = await csrf();
      const form = await request(app())
        .post("/leads/spend")
        .auth("m", PASSWORD)
        .field("csrf", token)
        .field("source", "google")
        .attach("file", Buffer.from(cases[0][0]), "x.csv");
      expect(form.status).toBe(400);
      expect(parsePage(form.text).text).toContain(
        reportText("report.spend.error.formula", { line: 3, column: "Campaign" }),
      );
    });

    it("imports through the form only with its token, never from another site", async () => {
      const send = (token: string, headers: Record<string, string> = {}) =>
        request(app())
          .post("/leads/spend")
          .auth("m", PASSWORD)
          .set(headers)
          .field("csrf", token)
          .field("source", "meta")
          .attach("file", fixture("meta-ads.csv"), "meta.csv");
      expect((await send("forged")).status).toBe(403);
      const token = await csrf();
      expect((await send(token, { "Sec-Fetch-Site": "cross-site" })).status).toBe(403);
      expect((await send(token, { Origin: "https://evil.example" })).status).toBe(403);
      const ok = await send(token, { "Sec-Fetch-Site": "same-origin" });
      expect(ok.status).toBe(303);
      expect(ok.headers.location).toBe("/leads?from=2026-08-05&to=2026-08-06&by=campaign&imported=meta");
      const notice = reportText("report.spend.imported", { source: reportText("report.spend.meta") });
      expect(parsePage((await get(ok.headers.location)).text).getByRole("status").textContent).toBe(notice);
      expect(parsePage((await get("/leads?imported=<b>x</b>")).text).queryByRole("status")).toBeNull();
    });

    it("retries exactly the failed deliveries, with the form's token; shows when Google fetched its file, in TIME_ZONE", async () => {
      const { db } = databaseOf(store);
      const events = await db.selectFrom("lead_events").select("id").orderBy("id").limit(4).execute();
      const statuses = ["sent", "failed", "failed", "expired"] as const;
      await db
        .insertInto("deliveries")
        .values(
          events.map((e, i) => ({
            event_id: e.id,
            destination: "webhook",
            status: statuses[i],
            attempts: 3,
            next_attempt_at: "2026-11-20T00:00:00.000Z",
            created_at: "2026-11-20T00:00:00.000Z",
            last_error: i ? "HTTP 500" : null,
          })),
        )
        .execute();
      expect(
        (await request(app()).post("/leads/retry").auth("m", PASSWORD).type("form").send({ csrf: "forged" })).status,
      ).toBe(403);
      const res = await request(app())
        .post("/leads/retry")
        .auth("m", PASSWORD)
        .type("form")
        .send({ csrf: await csrf() });
      expect(res.status).toBe(303);
      const rows = await db.selectFrom("deliveries").select(["status", "attempts"]).orderBy("id").execute();
      expect(rows.map((r) => [r.status, Number(r.attempts)])).toEqual([
        ["sent", 3],
        ["pending", 0],
        ["pending", 0],
        ["expired", 3],
      ]);

      const page = () => get("/leads").then((r) => parsePage(r.text).text);
      expect(await page()).toContain(reportText("report.google.never"));
      expect((await request(app()).get("/api/conversions/google.csv").auth("google", GOOGLE_PASSWORD)).status).toBe(
        200,
      );
      await expect
        .poll(page)
        .toContain(reportText("report.google.fetched", { at: "26/11/2026 09:00 (-03:00)", rows: 0 }));
    });
  });
}
