/**
 * The segment pages over HTTP like every page (issue 25 item 7, decision 054): GET and HEAD, 405
 * with Allow, one URL per page (other spellings 301, query kept), the parent path 301 to the
 * landing page's industries grid, an unknown slug the 404 page in the path's language, ad-click
 * parameters answered with the clean page's bytes and caching, the calculator answered on the
 * page itself, and the page cache's key space closed.
 */
import request from "supertest";
import { describe, expect, it } from "vitest";
import { loadAssets } from "../../src/server/assets";
import { loadConfig } from "../../src/server/config";
import { dayOf } from "../../src/content/dates";
import { SEGMENT_PAGES, SEGMENT_PARENTS } from "../../src/content/segmentPages";
import { segmentPath } from "../../src/content/segments";
import { segmentPage } from "../../src/pages/Segment";
import { sanitizeQuery } from "../../src/shared/calculator";
import { landingHref, LANGS, LANGUAGE_INFO } from "../../src/shared/languages";
import { copy } from "../copy";
import { within } from "@testing-library/dom";
import { SEGMENT_SAMPLE_PAGES } from "../fixtures";
import { parsePage, textOf } from "./dom";
import { makeApp, NEW_YEARS_EVE, renderedAnswer } from "./helpers";

const app = makeApp();
const ONE = SEGMENT_PAGES.filter((p) => p.key === "vehicles");

describe("methods", () => {
  it.each(ONE.map((p) => p.path))("%s: HEAD as GET without a body; POST, PUT, DELETE 405 with Allow", async (path) => {
    const got = await request(app).get(path).set("Accept-Encoding", "gzip");
    const head = await request(app).head(path).set("Accept-Encoding", "gzip");
    expect(head.status).toBe(200);
    expect(head.headers.etag).toBe(got.headers.etag);
    expect(head.text ?? "").toBe("");
    for (const method of ["post", "put", "delete"] as const) {
      const res = await request(app)[method](path);
      expect(res.status, method).toBe(405);
      expect(res.headers.allow).toBe("GET, HEAD");
    }
  });
});

describe("one URL per page", () => {
  const query = "utm_source=Face%20Book&fbclid=A%2Fb&leads=100&x";
  it.each(ONE.flatMap((p) => [p.path.toUpperCase(), `${p.path}/`, p.path.replace(/^\/(\w)/, (c) => c.toUpperCase())]))(
    "%s → 301 to the page's path, the query as it came",
    async (spelling) => {
      const page = SEGMENT_PAGES.find((p) => p.path === spelling.toLowerCase().replace(/\/$/, ""))!;
      const bare = await request(app).get(spelling);
      expect(bare.status).toBe(301);
      expect(bare.headers.location).toBe(page.path);
      const withQuery = await request(app).get(`${spelling}?${query}`);
      expect(withQuery.headers.location).toBe(`${page.path}?${query}`);
    },
  );

  it.each(SEGMENT_PARENTS.flatMap((p) => [[p.path, p.lang] as const, [`${p.path.toUpperCase()}/`, p.lang] as const]))(
    "the parent path %s → 301 to the landing page's industries grid in its language",
    async (path, lang) => {
      const res = await request(app).get(`${path}?utm_source=x`);
      expect(res.status).toBe(301);
      expect(res.headers.location).toBe(`${landingHref(lang)}?utm_source=x#industries`);
      expect((await request(app).post(SEGMENT_PARENTS.find((p) => p.lang === lang)!.path)).status).toBe(405);
    },
  );

  it.each(LANGS.flatMap((lang) => [[`${segmentPath(lang, "law").replace(/[^/]+$/, "no-such-trade")}`, lang] as const]))(
    "an unknown slug %s is the 404 page in that language",
    async (path, lang) => {
      const res = await request(app).get(path);
      expect(res.status).toBe(404);
      const page = parsePage(res.text);
      expect(page.lang).toBe(LANGUAGE_INFO[lang].htmlLang);
      expect(page.getByRole("heading", { level: 1 }).textContent).toBe(copy(lang, "notFound.title"));
    },
  );

  it("a slug of another language under a base is not a page (no mixing of languages)", async () => {
    expect((await request(app).get(`/en/industries/${"odontologia"}`)).status).toBe(404);
    expect((await request(app).get(`/segmentos/dental-clinics`)).status).toBe(404);
  });
});

describe("ad clicks and the cache", () => {
  it.each(ONE.map((p) => p.path))(
    "%s with ad-click parameters: the clean page's bytes, ETag and caching",
    async (path) => {
      const clean = await request(app).get(path).set("Accept-Encoding", "br");
      const clicked = await request(app)
        .get(`${path}?utm_source=google&utm_campaign=dentists&gclid=Cj0KCQ&fbclid=IwAR1&gbraid=0AA&msclkid=m1`)
        .set("Accept-Encoding", "br");
      expect(clicked.status).toBe(200);
      expect(clicked.headers.etag).toBe(clean.headers.etag);
      expect(clicked.headers["cache-control"]).toBe(clean.headers["cache-control"]);
      expect(clicked.headers["cache-control"]).toMatch(/^public, /);
      expect(clicked.text).toBe(clean.text);
      const revalidated = await request(app)
        .get(`${path}?gclid=other`)
        .set("Accept-Encoding", "br")
        .set("If-None-Match", clean.headers.etag);
      expect(revalidated.status).toBe(304);
    },
  );

  it("the page cache holds at most one copy per page and language, whatever the queries", async () => {
    const fresh = makeApp();
    const cache = fresh.locals.pageCache as { size: number };
    for (const { path } of ONE)
      for (let i = 0; i < 20; i++) await request(fresh).get(`${path}?gclid=${Math.random()}&utm_content=${i}`);
    await request(fresh).get("/segmentos/nope?fbclid=1");
    expect(cache.size).toBe(ONE.length + 1); // the segment's three pages and the Portuguese 404
  });
});

describe("the calculator on a segment page", () => {
  const settings = loadConfig({}).page;
  const assets = loadAssets();
  const today = dayOf(NEW_YEARS_EVE, settings.timeZone).today;

  it.each(ONE.map((p) => [p.path, p] as const))(
    "%s: the form answers on the page itself",
    async (path, { lang, key }) => {
      const page = parsePage((await request(app).get(path)).text);
      const form = page.document.querySelector("form.calc-form")!;
      // Relative: a GET form's query replaces the page's, so the answer comes back to this page.
      expect(new URL(form.getAttribute("action")!, `https://x.test${path}?utm_source=ad`).pathname).toBe(path);
      for (const query of ["leads=120&interactions=8", "leads=abc&interactions=", "leads=12001&interactions=1"]) {
        const res = await request(app).get(`${path}?${query}&utm_source=x`).set("Accept-Encoding", "identity");
        expect(res.status, query).toBe(200);
        expect(res.headers["cache-control"]).toBe("private, no-cache");
        const params = new URLSearchParams(query);
        const answer = sanitizeQuery({
          leads: params.get("leads") ?? undefined,
          interactions: params.get("interactions") ?? undefined,
        });
        // The cached page with the answer put in is the whole page rendered for that answer.
        expect(res.text, query).toBe(renderedAnswer(segmentPage(key), { settings, assets, lang, today }, answer));
      }
    },
  );

  // Without JavaScript (moved from the browser tests, decision 127): what a browser submits is what
  // the form's markup says (method, action, field names; Chromium submits the landing page's same
  // form in island-loading.test.ts), so it is read here and the answer it leads to asked for.
  it.each(SEGMENT_SAMPLE_PAGES.map((p) => [p.path, p] as const))(
    "%s: without JavaScript, its GET form answers on the segment page",
    async (path, { lang }) => {
      const says = (key: string) => copy(lang, `calculator.${key}`);
      const page = parsePage((await request(app).get(path)).text);
      const heading = textOf(page.getByRole("heading", { level: 1 }));
      const leads = page.getByRole("textbox", { name: says("leads") });
      const interactions = page.getByRole("textbox", { name: says("interactions") });
      const form = leads.closest("form")!;
      expect(interactions.closest("form")).toBe(form);
      expect(form.getAttribute("method")).toBe("get");
      expect(
        within(form)
          .getByRole("button", { name: says("submit") })
          .getAttribute("type"),
      ).toBe("submit");
      // A GET form's answer: its action with the fields as the query, the action's #section kept.
      const action = new URL(form.getAttribute("action")!, `https://x.test${path}`);
      const query = new URLSearchParams({
        [leads.getAttribute("name")!]: "2000",
        [interactions.getAttribute("name")!]: "6",
      });
      expect(`${action.pathname}?${query}${action.hash}`).toBe(`${path}?leads=2000&interactions=6#pricing`);
      const answer = parsePage((await request(app).get(`${path}?${query}`)).text);
      expect(textOf(answer.getByRole("status"))).toContain(`${says("recommended")} Scale`);
      expect(textOf(answer.getByRole("heading", { level: 1 }))).toBe(heading);
    },
  );
});
