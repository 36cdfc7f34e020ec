/**
 * docs/leads.md's Google Ads Script run as written (issue 36 item 3, decision 109): the `js` block
 * after "from a Google Ads Script" is run with Google's `AdsApp`, `UrlFetchApp` and `Logger` stood in
 * (rows keyed by GAQL field names, as `AdsApp.report` gives them), and the request it makes is sent
 * to the app: the spend API answers 200 and the report shows the cost by the ad group's name.
 */
import { readFileSync } from "node:fs";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../src/server/app";
import { loadConfig } from "../../src/server/config";
import type { Ledger } from "../../src/server/ledger/types";
import { openTestStore } from "./store-fixture";

const TOKEN = "docs-token-8c1e4a7f2b9d3056ee71";
const doc = readFileSync(new URL("../../docs/leads.md", import.meta.url), "utf8");
const script = /from a Google Ads Script[\s\S]*?```js\n([\s\S]*?)```/.exec(doc)?.[1];

describe("docs/leads.md's Google Ads Script, as written", () => {
  let store: Ledger;
  beforeAll(async () => {
    store = await openTestStore("sqlite");
  });
  afterAll(() => store.close());

  it("reports yesterday's cost per ad group and PUTs it as CSV with the token: 200, the days replaced", async () => {
    expect(script, "the js block after 'from a Google Ads Script'").toBeTruthy();
    const queries: string[] = [];
    const data = [
      ["2026-11-26", "21870001", "Odonto SP", "15530001", 'Implante "SP", premium', "BRL", "123450000"],
      ["2026-11-26", "21870001", "Odonto SP", "15530002", "Clareamento", "BRL", "5000000"],
    ];
    const AdsApp = {
      report(query: string) {
        queries.push(query);
        const fields = /^SELECT (.*) FROM/.exec(query)![1].split(", ");
        const rows = data.map((cells) => Object.fromEntries(fields.map((f, i) => [f, cells[i]])));
        return { rows: () => ({ hasNext: () => rows.length > 0, next: () => rows.shift() }) };
      },
    };
    const fetches: Array<[string, { method: string; payload: string; headers: Record<string, string> }]> = [];
    const UrlFetchApp = {
      fetch: (url: string, options: (typeof fetches)[0][1]) => {
        fetches.push([url, options]);
        return { getResponseCode: () => 0, getContentText: () => "" };
      },
    };
    const source = script!.replace('const TOKEN = "…"', `const TOKEN = "${TOKEN}"`);
    new Function("AdsApp", "UrlFetchApp", "Logger", `${source}\nmain();`)(AdsApp, UrlFetchApp, { log: () => {} });
    expect(queries[0]).toMatch(/FROM ad_group WHERE segments\.date DURING YESTERDAY$/);
    expect(fetches.length).toBe(1);
    const [url, options] = fetches[0];
    const app = createApp({ config: loadConfig({ LEADS_API_TOKEN: TOKEN }), store });
    const res = await request(app)
      .put(new URL(url).pathname + new URL(url).search)
      .set(options.headers)
      .set("Content-Type", "text/csv")
      .send(options.payload);
    expect([options.method, res.status, res.body]).toEqual([
      "put",
      200,
      { source: "google", rows: 2, from: "2026-11-26", to: "2026-11-26" },
    ]);
    const totals = await store.spend.totals({
      fromDay: "2026-11-26",
      toDay: "2026-11-26",
      bySource: false,
      byCampaign: false,
      byContent: true,
      byDay: false,
    });
    expect(totals.map((t) => [t.content, t.cost]).sort()).toEqual([
      ["15530001", 123.45],
      ["15530002", 5],
    ]);
  });
});
