/**
 * Segment URLs are in live ads (issue 30): every URL ever published, frozen in
 * `live-segment-urls.json` (append only), still answers: 200, or a 301 to a current segment page
 * with the query exactly as it came. A slug changed in the route table without its old one in
 * `formerSlugs` (decision 064) is a 404 here and fails.
 */
import request from "supertest";
import { describe, expect, it } from "vitest";
import { FORMER_SEGMENT_PATHS, SEGMENT_PAGES } from "../../src/content/segmentPages";
import live from "./live-segment-urls.json";
import { makeApp } from "./helpers";

const app = makeApp();
const CURRENT = new Set(SEGMENT_PAGES.map((p) => p.path));
/** What an ad click carries: tracking parameters, a variant code, an encoded space and slash, a bare key. */
const QUERY = "utm_source=Face%20Book&utm_campaign=es-abogados&v=implantes&fbclid=A%2Fb&x";

describe("every segment URL published so far", () => {
  it("the frozen list holds all 54 pages of every language, none twice", () => {
    expect(live.urls.length).toBeGreaterThanOrEqual(54);
    expect(new Set(live.urls).size).toBe(live.urls.length);
    for (const lang of ["/segmentos/", "/en/industries/", "/es/segmentos/"])
      expect(live.urls.filter((u) => u.startsWith(lang)).length, lang).toBeGreaterThanOrEqual(18);
  });

  it("every current page is in the frozen list (a new or renamed slug is appended to it)", () => {
    expect([...CURRENT].filter((path) => !live.urls.includes(path))).toEqual([]);
  });

  it.each(live.urls)("%s answers 200, or 301 to a current page with the query as it came", async (url) => {
    const res = await request(app).get(`${url}?${QUERY}`);
    if (res.status === 200) {
      expect(CURRENT.has(url)).toBe(true);
      return;
    }
    expect(res.status).toBe(301);
    const location = String(res.headers.location);
    const [to, query] = [location.slice(0, location.indexOf("?")), location.slice(location.indexOf("?") + 1)];
    expect(CURRENT.has(to), location).toBe(true);
    expect(query).toBe(QUERY);
    expect(res.headers["cache-control"]).toBe("public, max-age=86400");
    expect((await request(app).get(location)).status).toBe(200);
  });
});

describe("a former path (the route table's formerSlugs)", () => {
  it.each(
    FORMER_SEGMENT_PATHS.flatMap((p) => [p.path, `${p.path.toUpperCase()}/`].map((s) => [s, p.to, p.path] as const)),
  )("%s → 301 to %s, also without a query; HEAD alike; POST to it 405", async (spelling, to, path) => {
    const bare = await request(app).get(spelling);
    expect(bare.status).toBe(301);
    expect(bare.headers.location).toBe(to);
    const head = await request(app).head(spelling);
    expect([head.status, head.headers.location]).toEqual([301, to]);
    const post = await request(app).post(path);
    expect([post.status, post.headers.allow]).toEqual([405, "GET, HEAD"]);
  });

  it("is never a current page's path (a redirect loop or a shadowed page)", () => {
    expect(FORMER_SEGMENT_PATHS.filter((p) => CURRENT.has(p.path))).toEqual([]);
  });
});
