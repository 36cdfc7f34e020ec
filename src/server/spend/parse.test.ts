// The spend files read strictly (decision 093): each vendor's format, and every hostile file refused whole.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseSpend, type SpendSource } from "./parse";

const fixture = (name: string) => readFileSync(new URL(`../../../tests/http/spend/${name}`, import.meta.url));
const csv = (text: string) => Buffer.from(text, "utf8");
const GOOGLE_HEAD =
  "Ad group report\r\nAugust 3, 2026 - August 9, 2026\r\nDay,Campaign,Campaign ID,Currency code,Cost\r\n";
/** The rows of a fixture file that must parse. */
const rowsOf = (source: SpendSource, name: string) => {
  const result = parseSpend(source, fixture(name));
  if (!("rows" in result)) throw new Error(JSON.stringify(result));
  return result.rows;
};
const errorOf = (source: SpendSource, text: string) => {
  const result = parseSpend(source, csv(text));
  return "error" in result ? result.error : result;
};

describe("parseSpend", () => {
  it("reads Google Ads' downloaded report: title lines, quoted thousands, CRLF, a quoted comma, totals skipped", () => {
    const result = parseSpend("google", fixture("google-ads.csv"));
    expect(result).toEqual({
      rows: [
        {
          day: "2026-08-03",
          campaignId: "21870001",
          campaignName: "Odonto SP",
          groupId: "15530001",
          groupName: "Implante SP",
          adId: null,
          adName: null,
          currency: "BRL",
          cost: 1000,
        },
        {
          day: "2026-08-04",
          campaignId: "21870001",
          campaignName: "Odonto SP",
          groupId: "15530001",
          groupName: "Implante SP",
          adId: null,
          adName: null,
          currency: "BRL",
          cost: 500,
        },
        {
          day: "2026-08-04",
          campaignId: "21870001",
          campaignName: "Odonto SP",
          groupId: "15530002",
          groupName: "Clareamento, SP",
          adId: null,
          adName: null,
          currency: "BRL",
          cost: 300,
        },
      ],
    });
  });

  it("reads Ads Manager's table broken down by Day: the reporting dates are the report's range, each row its Day", () => {
    expect(rowsOf("meta", "meta-ads-by-day.csv").map((r) => [r.day, r.campaignId, r.adId, r.currency, r.cost])).toEqual(
      [
        ["2026-08-05", "120330001", "120330201", "BRL", 200],
        ["2026-08-06", "120330001", "120330201", "BRL", 150.5],
      ],
    );
    // A Day outside the reporting range is not this report's.
    const outside = fixture("meta-ads-by-day.csv").toString().replace('"2026-08-05"', '"2026-08-10"');
    expect(errorOf("meta", outside)).toEqual({ problem: "daily", line: 2, column: "Reporting ends" });
  });

  it("reads the columns a script writes with the vendors' API names: GAQL (cost in millionths) and Insights fields", () => {
    expect(
      rowsOf("google", "google-ads-script.csv").map((r) => [
        r.day,
        r.campaignId,
        r.groupId,
        r.groupName,
        r.currency,
        r.cost,
      ]),
    ).toEqual([
      ["2026-08-03", "21870001", "15530001", "Implante SP", "BRL", 1000],
      ["2026-08-04", "21870001", "15530002", "Clareamento, SP", "BRL", 300],
    ]);
    expect(
      rowsOf("meta", "meta-insights.csv").map((r) => [r.day, r.campaignName, r.adId, r.adName, r.currency, r.cost]),
    ).toEqual([["2026-08-06", "Concessionárias Test-drive", "120330202", "Carrossel seminovos", "BRL", 49.5]]);
    const head = "segments.date,campaign.id,customer.currency_code,metrics.cost_micros\n";
    expect(errorOf("google", `${head}2026-08-03,1,BRL,12.5\n`)).toEqual({
      problem: "number",
      line: 2,
      column: "metrics.cost_micros",
    });
  });

  it("reads Ads Manager's exported table: a BOM, the currency in the cost's header, one day per row", () => {
    const result = parseSpend("meta", fixture("meta-ads.csv"));
    if (!("rows" in result)) throw new Error(JSON.stringify(result));
    expect(result.rows.map((r) => [r.day, r.campaignName, r.adId, r.adName, r.currency, r.cost])).toEqual([
      ["2026-08-05", "Concessionárias Test-drive", "120330201", "Vídeo <b>test-drive</b>", "BRL", 200],
      ["2026-08-06", "Concessionárias Test-drive", "120330201", "Vídeo <b>test-drive</b>", "BRL", 150.5],
      ["2026-08-06", "Concessionárias Test-drive", "120330202", "Carrossel seminovos", "BRL", 49.5],
    ]);
  });

  it("refuses each hostile file naming the line and the column", () => {
    expect(errorOf("google", `${GOOGLE_HEAD}2026-08-03,A,1,BRL,10.00\r\n2026-08-04,A,1,BRL,1O.00\r\n`)).toEqual({
      problem: "number",
      line: 5,
      column: "Cost",
    });
    expect(errorOf("google", "Day,Campaign,Campaign ID,Currency code,Cost,Secret\r\n")).toEqual({
      problem: "unknownColumn",
      line: 1,
      column: "Secret",
    });
    expect(errorOf("google", `${GOOGLE_HEAD}2026-08-03,"=HYPERLINK(""http://x"",""y"")",1,BRL,10\r\n`)).toEqual({
      problem: "formula",
      line: 4,
      column: "Campaign",
    });
    expect(errorOf("google", `${GOOGLE_HEAD}2026-08-03,A,1,XYZ,10\r\n`)).toMatchObject({
      problem: "currency",
      line: 4,
    });
    expect(errorOf("google", `${GOOGLE_HEAD}2026-02-30,A,1,BRL,10\r\n`)).toMatchObject({ problem: "day", line: 4 });
    expect(errorOf("google", `${GOOGLE_HEAD}2026-08-03,A,1,BRL,-10\r\n`)).toMatchObject({
      problem: "formula",
      line: 4,
    });
    expect(errorOf("google", `${GOOGLE_HEAD}2026-08-03,"A,1,BRL,10\r\n`)).toMatchObject({ problem: "quote", line: 4 });
    expect(errorOf("google", `${GOOGLE_HEAD}2026-08-03,A,1,BRL\r\n`)).toMatchObject({ problem: "cells", line: 4 });
    expect(errorOf("google", "Day,Campaign,Currency code\r\n")).toMatchObject({
      problem: "missingColumn",
      column: "cost",
    });
    expect(
      errorOf(
        "meta",
        '"Reporting starts","Reporting ends","Campaign name","Amount spent (BRL)"\n"2026-08-01","2026-08-07","A","10"\n',
      ),
    ).toMatchObject({ problem: "daily", line: 2, column: "Reporting ends" });
    expect(errorOf("google", `${GOOGLE_HEAD}${"2026-08-03,A,1,BRL,10\r\n".repeat(500_000)}`)).toEqual({
      problem: "size",
    });
    expect(parseSpend("google", Buffer.from([0xff, 0xfe, 0x41]))).toEqual({ error: { problem: "encoding" } });
  });
});
