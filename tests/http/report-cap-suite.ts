/**
 * The longest period of a breakdown pairing a time bucket with another level (decision 129,
 * src/server/report/cap.ts), on a store of either engine: over a longer period asked, the page and
 * the table's CSV are those of its last days (compared with the page asked for those days alone),
 * the notice says so with links to the whole period by a coarser bucket and to the days before; a
 * time bucket alone or a pair with an uncapped bucket keeps the period asked.
 */
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reportText } from "../../src/content/catalogue";
import { createApp } from "../../src/server/app";
import { loadConfig } from "../../src/server/config";
import type { Engine } from "../../src/server/ledger/engine";
import type { Ledger } from "../../src/server/ledger/store";
import { AD_PAIR_DAYS, PAIR_DAYS } from "../../src/server/report/cap";
import { dayText } from "../../src/server/report/format";
import { addDaysTo } from "../../src/server/report/periods";
import { parsePage, textOf } from "./dom";
import { openTestStore, sampleLead } from "./store-fixture";

const PASSWORD = "correct-horse-battery-staple";
const TO = "2026-11-26";
const FROM = "2026-03-01";
const now = new Date(`${TO}T15:00:00Z`);
// The rule: a time bucket paired with the ad covers AD_PAIR_DAYS, with any other level PAIR_DAYS.
const limit = (by: string) => (by.includes("content") ? AD_PAIR_DAYS : PAIR_DAYS);
const cutOf = (by: string) => addDaysTo(TO, -(limit(by) - 1));
const table = (html: string) => parsePage(html).getAllByRole("table")[0].outerHTML;

export function reportCapSuite(engine: Engine) {
  describe(`a breakdown by day and another level on ${engine}`, { timeout: 20_000 }, () => {
    let store: Ledger;
    const get = (path: string) =>
      request(createApp({ config: loadConfig({ LEADS_REPORT_PASSWORD: PASSWORD }), store, now: () => now }))
        .get(path)
        .auth("marketing", PASSWORD);

    beforeAll(async () => {
      store = await openTestStore(engine, { timeoutMs: 5_000 });
      // Leads on the first day of each cut, the day before it, the last day and in March; spend on
      // those days (15:00 UTC is noon in São Paulo: inside each day).
      const CUT = cutOf("campaign,day");
      const AD_CUT = cutOf("content,day");
      const days = [CUT, addDaysTo(CUT, -1), TO, "2026-03-02", AD_CUT, addDaysTo(AD_CUT, -1)];
      for (const [i, day] of days.entries())
        for (const campaign of ["c-a", "c-b"].slice(0, i % 2 ? 1 : 2))
          await store.createLead(
            sampleLead({ utm: { source: "google", medium: "cpc", campaign, term: null, content: `ad-${i}` } }),
            new Date(`${day}T15:00:00Z`),
          );
      await store.spend.import(
        "google",
        [CUT, addDaysTo(CUT, -1), AD_CUT, addDaysTo(AD_CUT, -1)].map((day) => ({
          day,
          campaignId: "c-a",
          campaignName: "Campanha A",
          groupId: "g-a",
          groupName: "Grupo A",
          adId: null,
          adName: null,
          currency: "BRL",
          cost: 10,
        })),
      );
    });
    afterAll(() => store.close());

    it("covers only the last days of a longer period, says so, and links to the whole period", async () => {
      for (const by of ["campaign,day", "day,campaign", "content,day", "week,content", "campaign,month"]) {
        const [DAYS, CUT] = [limit(by), cutOf(by)];
        const long = await get(`/leads?by=${by}&from=${FROM}&to=${TO}`);
        const direct = await get(`/leads?by=${by}&from=${CUT}&to=${TO}`);
        expect([long.status, direct.status]).toEqual([200, 200]);
        // The same table (rows, drill-downs, totals) as the last days asked alone.
        expect(table(long.text)).toBe(table(direct.text));
        const page = parsePage(long.text);
        const notice = page.getByRole("note");
        const names = by.split(",").map((d) => reportText(`report.dim.${d}`));
        expect(textOf(notice.querySelector("p")!)).toBe(
          reportText("report.cut.text", {
            by: names.join(" › "),
            days: DAYS,
            askedFrom: dayText(FROM),
            from: dayText(CUT),
            to: dayText(TO),
          }),
        );
        expect(parsePage(direct.text).queryByRole("note")).toBeNull();
        // The form shows the days the table covers.
        expect(page.document.querySelector<HTMLInputElement>("input[name=from]")!.defaultValue).toBe(CUT);
        const links = [...notice.querySelectorAll("a")].map((a) => new URLSearchParams(a.href.split("?")[1]));
        expect(links.map((p) => [p.get("by"), p.get("from"), p.get("to")])).toEqual([
          [by.split(",")[0], FROM, TO],
          [by.split(",")[1], FROM, TO],
          [by, addDaysTo(CUT, -DAYS), addDaysTo(CUT, -1)],
        ]);
        expect(textOf(notice.querySelectorAll("a")[0])).toBe(reportText("report.cut.whole", { by: names[0] }));
        expect(textOf(notice.querySelectorAll("a")[2])).toBe(
          reportText("report.cut.before", {
            count: DAYS,
            from: dayText(addDaysTo(CUT, -DAYS)),
            to: dayText(addDaysTo(CUT, -1)),
          }),
        );
      }
      // The rows: the cut's first day and the last, never the day before nor March.
      const [CUT, AD_CUT] = [cutOf("day,campaign"), cutOf("content,day")];
      const rows = [
        ...parsePage((await get(`/leads?by=day,campaign&from=${FROM}&to=${TO}`)).text)
          .getAllByRole("table")[0]
          .querySelectorAll("tbody tr"),
      ].map((tr) => [...tr.children].slice(0, 3).map((c) => textOf(c)));
      // Within a day, most leads then by name (c-a before c-b), on both engines.
      expect(rows).toEqual([
        [dayText(CUT), "Campanha A", "1"],
        [dayText(CUT), "c-b", "1"],
        [dayText(addDaysTo(AD_CUT, -1)), "Campanha A", "1"],
        [dayText(AD_CUT), "Campanha A", "1"],
        [dayText(AD_CUT), "c-b", "1"],
        [dayText(TO), "Campanha A", "1"],
        [dayText(TO), "c-b", "1"],
      ]);
    });

    it("cuts the table's CSV the same way and says so in its file name", async () => {
      const [DAYS, CUT] = [limit("campaign,day"), cutOf("campaign,day")];
      const long = await get(`/leads.csv?by=campaign,day&from=${FROM}&to=${TO}&excel=br`);
      const direct = await get(`/leads.csv?by=campaign,day&from=${CUT}&to=${TO}&excel=br`);
      expect(long.status).toBe(200);
      expect(long.text).toBe(direct.text);
      const file = `leads-campaign-day-${CUT}-${TO}-${reportText("report.cut.file", { days: DAYS })}.csv`;
      expect(long.headers["content-disposition"]).toBe(`attachment; filename="${file}"`);
      expect(direct.headers["content-disposition"]).toBe(`attachment; filename="leads-campaign-day-${CUT}-${TO}.csv"`);
    });

    it("keeps the period asked for a time bucket alone and for pairs without one", async () => {
      const uncapped = ["day", "month", "campaign", "campaign,content"];
      for (const by of uncapped) {
        const page = parsePage((await get(`/leads?by=${by}&from=${FROM}&to=${TO}`)).text);
        expect(page.queryByRole("note")).toBeNull();
        expect(page.document.querySelector<HTMLInputElement>("input[name=from]")!.defaultValue).toBe(FROM);
        // Every lead of the period asked, March's too.
        expect(textOf(page.getAllByRole("table")[0].querySelector("tfoot")!)).toMatch(
          new RegExp(`^${reportText("report.total")} 9 `),
        );
      }
    });
  });
}
