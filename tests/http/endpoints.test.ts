/**
 * The one table of endpoints (src/server/routes/endpoints.ts, decision 057): every endpoint in it,
 * whatever it is (a page, robots, /sales, the Google file, the report and its forms), answers a
 * method it does not have with the 405 page and its own `Allow`, and another spelling of its path
 * with a 301, one loop over the table, so an endpoint added to it is covered without a new test.
 */
import request from "supertest";
import { describe, expect, it } from "vitest";
import { createApp } from "../../src/server/app";
import { loadConfig } from "../../src/server/config";
import { arrivalCounter } from "../../src/server/experiments/arrivals";
import { experimentRouter } from "../../src/server/experiments/assign";
import { createPageSender } from "../../src/server/pageSender";
import { loadAssets } from "../../src/server/assets";
import { endpointTable } from "../../src/server/routes/endpoints";
import { fakeLeadStore } from "./fake-lead-store";
import { NEW_YEARS_EVE } from "./helpers";

const PASSWORD = "correct-horse-battery-staple";
const config = loadConfig({
  LEADS_REPORT_PASSWORD: PASSWORD,
  GOOGLE_ADS_FILE_PASSWORD: "another-horse-battery-staple",
  GOOGLE_ADS_CONVERSION_QUALIFIED: "Lead qualificado",
  GOOGLE_ADS_CONVERSION_WON: "Venda",
});
const store = fakeLeadStore();
const now = () => NEW_YEARS_EVE;
const app = createApp({ config, store, now });
const table = endpointTable(
  config,
  { store },
  {
    pages: createPageSender(config.page, loadAssets(), now),
    now,
    experiments: experimentRouter(config.experiments, arrivalCounter()),
  },
).filter((e) => e.methods !== null);
const methodsOf = (e: (typeof table)[number]) => Object.keys(e.methods!);

describe("the endpoint table", () => {
  it("holds every kind of endpoint, each configured here", () => {
    const paths = table.map((e) => e.path);
    for (const path of ["/", "/en", "/privacy", "/robots.txt", "/sitemap.xml", "/sales", "/leads", "/leads.csv"])
      expect(paths).toContain(path);
    expect(paths).toContain("/api/conversions/google.csv");
    expect(paths).toContain("/leads/spend");
    expect(paths).toContain("/leads/experiments.json");
    expect(new Set(paths).size).toBe(paths.length);
  });

  it("answers every endpoint's wrong method with 405 and the endpoint's Allow", async () => {
    for (const endpoint of table) {
      const expected = methodsOf(endpoint).includes("get") ? "GET, HEAD" : "POST";
      for (const method of ["delete", "put", methodsOf(endpoint).includes("get") ? "post" : "get"] as const) {
        const res = await request(app)[method](endpoint.path);
        expect(res.status, `${method} ${endpoint.path}`).toBe(405);
        expect(res.headers.allow, `${method} ${endpoint.path}`).toBe(expected);
      }
    }
  });

  it("answers another spelling of every GET endpoint with a 301", async () => {
    const spelled = table.filter((e) => methodsOf(e).includes("get") && e.path !== "/");
    expect(spelled.length).toBeGreaterThan(20);
    for (const { path, anySpelling } of spelled) {
      const res = await request(app).get(`${path.toUpperCase()}/?utm_source=x`);
      expect(res.status, path).toBe(301);
      // Exact paths: to themselves in one hop; the redirects that answer any spelling: to their target.
      if (!anySpelling) expect(res.headers.location, path).toBe(`${path}?utm_source=x`);
    }
  });
});
