/** One URL per page (decision 042): other spellings of a route answer 301 to it, query kept as it came. */
import request from "supertest";
import { describe, expect, it } from "vitest";
import { LANDING_PAGES, LEGAL_PAGES } from "../fixtures";
import { parsePage } from "./dom";
import { makeApp } from "./helpers";

const app = makeApp();

describe("one URL per page", () => {
  it.each([
    ["/EN", "/en"],
    ["/Es", "/es"],
    ["/en/", "/en"],
    ["/ES/", "/es"],
    ["/PRIVACY", "/privacy"],
    ["/Privacy/", "/privacy"],
    ["/privacy/", "/privacy"],
    ["/terms/", "/terms"],
    ["/TERMS", "/terms"],
    ["/ROBOTS.TXT", "/robots.txt"],
    ["/robots.txt/", "/robots.txt"],
    ["/Sitemap.XML", "/sitemap.xml"],
    // Not pages, the same rule (issue 35): the sales link, the report, Google Ads' file.
    ["/Sales", "/sales"],
    ["/SALES/", "/sales"],
    ["/Leads", "/leads"],
    ["/leads.CSV", "/leads.csv"],
    ["/API/Conversions/Google.csv", "/api/conversions/google.csv"],
  ])("%s → 301 %s, and the query exactly as it came", async (path, canonical) => {
    const bare = await request(app).get(path);
    expect(bare.status).toBe(301);
    expect(bare.headers.location).toBe(canonical);
    expect(bare.headers["cache-control"]).toBe("public, max-age=86400");
    expect(bare.headers["x-frame-options"]).toBe("DENY");
    const query = "utm_source=Face%20Book&fbclid=A%2Fb&leads=100&leads=&x";
    const withQuery = await request(app).head(`${path}?${query}`);
    expect(withQuery.status).toBe(301);
    expect(withQuery.headers.location).toBe(`${canonical}?${query}`);
  });

  it("the canonical paths themselves answer 200", async () => {
    for (const path of [...LANDING_PAGES, ...LEGAL_PAGES, "/robots.txt", "/sitemap.xml"])
      expect((await request(app).get(path)).status, path).toBe(200);
  });

  it("static files are matched exactly: another spelling is a 404, never a redirect", async () => {
    const { document } = parsePage((await request(app).get("/")).text);
    const script = document.querySelector('script[type="module"]')!.getAttribute("src")!;
    expect((await request(app).get(script)).status).toBe(200);
    for (const path of ["/FAVICON.SVG", "/favicon.svg/", "/Og-Image-pt.png", script.toUpperCase(), `${script}/`]) {
      const res = await request(app).get(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.location, path).toBeUndefined();
    }
  });

  it("other methods on another spelling are not redirected", async () => {
    const res = await request(app).post("/PRIVACY");
    expect(res.headers.location).toBeUndefined();
    expect(res.status).toBeGreaterThanOrEqual(400);
  });
});
