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
const TOKEN = "api-token-3f9a1c7e5b2d8046aa19c3e7";
const auth = { Authorization: `Bearer ${TOKEN}` };
const config = loadConfig({
  LEADS_API_TOKEN: TOKEN,
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
    // The token API (decision 110): outcomes, export, erasure, spend.
    for (const path of ["/api/leads", "/api/leads.csv", "/api/leads/:code/events", "/api/leads/:code", "/api/spend"])
      expect(paths).toContain(path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  // About 200 requests: a second on a quiet machine, several under a shared machine's load.
  it("answers every endpoint's wrong method with 405 and the endpoint's Allow", { timeout: 20_000 }, async () => {
    const all = ["get", "post", "put", "delete"] as const;
    for (const endpoint of table) {
      const has = methodsOf(endpoint);
      const expected = has.map((m) => (m === "get" ? "GET, HEAD" : m.toUpperCase())).join(", ");
      for (const method of all.filter((m) => !has.includes(m))) {
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

describe("the token API in the table (decision 110)", () => {
  it("redirects another spelling of its GET paths, query kept, before the token is read", async () => {
    for (const [path, location] of [
      ["/API/leads?from=2026-11-01", "/api/leads?from=2026-11-01"],
      ["/api/Leads", "/api/leads"],
      ["/api/leads/", "/api/leads"],
      ["/Api/Leads.CSV?to=2026-11-30", "/api/leads.csv?to=2026-11-30"],
    ]) {
      const res = await request(app).get(path);
      expect([res.status, res.headers.location], path).toEqual([301, location]);
    }
    // Without the token the API is not there: the same 301, then the site's 404.
    const bare = createApp({ config: loadConfig({}), store, now });
    expect((await request(bare).get("/API/leads")).headers.location).toBe("/api/leads");
    expect((await request(bare).get("/api/leads").set(auth)).status).toBe(404);
  });

  it("answers a wrong method in JSON with the endpoint's Allow", async () => {
    for (const [method, path, allow] of [
      ["put", "/api/leads", "GET, HEAD"],
      ["post", "/api/leads.csv", "GET, HEAD"],
      ["get", "/api/leads/ABCD2345/events", "POST"],
      ["post", "/api/leads/ABCD2345", "DELETE"],
      ["get", "/api/spend?source=google", "PUT"],
    ] as const) {
      const res = await request(app)[method](path).set(auth);
      expect([res.status, res.headers.allow], `${method} ${path}`).toEqual([405, allow]);
      expect(res.type).toBe("application/json");
      expect(res.headers["cache-control"]).toBe("private, no-store");
    }
  });

  it("reads its query with the one reader: a repeated parameter is not given, an unknown one is told", async () => {
    const answers = async (path: string, body = "") => {
      const res = await (body ? request(app).put(path).send(body) : request(app).get(path)).set(auth);
      return [res.status, res.body.error];
    };
    expect(await answers("/api/leads?from=2026-11-01&from=2026-11-02")).toEqual([400, "query: from and to once each"]);
    expect(await answers("/api/leads.csv?to=2026-11-30&to=2026-11-29")).toEqual([400, "query: from and to once each"]);
    expect(await answers("/api/leads?form=2026-11-01")).toEqual([400, "query: only from and to are accepted"]);
    expect(await answers("/api/spend?source=google&source=meta", "Day,Cost\n")).toEqual([
      400,
      "source: google or meta",
    ]);
  });
});
