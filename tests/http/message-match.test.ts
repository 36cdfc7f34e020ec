/**
 * Message match (issue 26, decision 056): `?v=<code>` renders a variant the catalogues hold, in the
 * languages it is written in; any other `v` is the clean page byte for byte; nothing from the URL is
 * ever shown; the cache stays closed; the lead's reference reaches WhatsApp, e-mail and the app.
 */
import fc from "fast-check";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SEGMENTS, SEGMENT_KEYS, segmentPath, type SegmentKey } from "../../src/content/segments";
import { SOURCE_PARAM } from "../../src/content/source";
import { variantsOf, type VariantPage } from "../../src/content/variants";
import { LANGS, landingHref, type Lang } from "../../src/shared/languages";
import { copy } from "../copy";
import { parsePage } from "./dom";
import { follow } from "./follow-sales";
import { makeApp } from "./helpers";
import { getAsSent, listenKeptAlive, type Listening } from "./wire";

const APP_URL = "https://app.xia.test";
const app = makeApp({ APP_URL, SALES_WHATSAPP: "5511987654321", SITE_URL: "https://www.xia.test" });
const mailApp = makeApp({ APP_URL, CONTACT_EMAIL: "vendas@xia.test" });
let server: Listening;
beforeAll(async () => {
  server = await listenKeptAlive(app);
});
afterAll(() => server.close());

const pathOf = (lang: Lang, page: VariantPage) => (page === "home" ? landingHref(lang) : segmentPath(lang, page));
const PAGES: VariantPage[] = ["home", ...SEGMENT_KEYS];
/** Every shipped variant: [lang, page, code]. */
const SHIPPED = LANGS.flatMap((lang) =>
  PAGES.flatMap((page) => variantsOf(lang, page).map((code) => [lang, page, code] as const)),
);
const brand = "XIA";
const get = async (path: string) => parsePage((await request(app).get(path)).text);

type Sent = Awaited<ReturnType<typeof getAsSent>>;

/**
 * The clean page and another URL of it: same status, bytes, ETag and caching, per encoding (all three
 * unless `encodings` says). `cleanOf` keeps the clean responses a test has fetched, by path and encoding.
 */
async function expectSameAsClean(
  path: string,
  query: string,
  encodings = ["br", "gzip", "identity"],
  cleanOf = new Map<string, Sent>(),
) {
  for (const encoding of encodings) {
    const key = `${path} ${encoding}`;
    const clean = cleanOf.get(key) ?? (await getAsSent(server, path, { "Accept-Encoding": encoding }));
    cleanOf.set(key, clean);
    const other = await getAsSent(server, `${path}?${query}`, { "Accept-Encoding": encoding });
    expect(other.status, query).toBe(200);
    expect(Buffer.compare(other.body, clean.body), `${query} ${encoding}`).toBe(0);
    for (const header of ["etag", "cache-control", "content-security-policy", "vary", "content-language"])
      expect(other.headers[header], `${query} ${header}`).toBe(clean.headers[header]);
  }
}

describe("a known variant", () => {
  it("ships as examples: one for the landing page, two for each of three segments", () => {
    expect(variantsOf("pt", "home").length).toBeGreaterThanOrEqual(1);
    expect(SEGMENT_KEYS.filter((key) => variantsOf("pt", key).length >= 2).length).toBeGreaterThanOrEqual(3);
  });

  it.each(SHIPPED)(
    "%s %s ?v=%s: its headline and subhead, the page's canonical and cached caching",
    async (lang, page, code) => {
      const path = pathOf(lang, page);
      const res = await request(app).get(`${path}?v=${code}&utm_source=google&gclid=abc`);
      expect(res.status).toBe(200);
      expect(res.headers["cache-control"]).toMatch(/^public, max-age=\d+, s-maxage=\d+/);
      const variant = parsePage(res.text);
      const clean = await get(path);
      expect(variant.getByRole("heading", { level: 1 }).textContent).toBe(
        copy(lang, `variant.${page}.${code}.title`, { brand }),
      );
      expect(variant.text).toContain(copy(lang, `variant.${page}.${code}.subtitle`, { brand }));
      expect(clean.getByRole("heading", { level: 1 }).textContent).not.toBe(
        variant.getByRole("heading", { level: 1 }).textContent,
      );
      // Not a page of its own for search: the clean URL's canonical and alternates.
      expect(variant.headLinks("canonical").map((l) => l.href)).toEqual(
        clean.headLinks("canonical").map((l) => l.href),
      );
      expect(variant.headLinks("canonical")[0].href).toBe(`https://www.xia.test${path}`);
      expect(variant.headLinks("alternate").map((l) => l.href)).toEqual(
        clean.headLinks("alternate").map((l) => l.href),
      );
      expect(variant.meta("og:url")).toEqual(clean.meta("og:url"));
    },
  );

  it("replaces the sample chat's first message where the variant writes one", async () => {
    const withChat = SHIPPED.filter(([lang, page, code]) => {
      try {
        return copy(lang, `variant.${page}.${code}.chat`) !== "";
      } catch {
        return false;
      }
    });
    expect(withChat.length).toBeGreaterThan(0);
    for (const [lang, page, code] of withChat) {
      const phone = (await get(`${pathOf(lang, page)}?v=${code}`)).getByRole("figure");
      expect(phone.textContent).toContain(copy(lang, `variant.${page}.${code}.chat`, { brand }));
    }
  });

  it("is the page without a variant in a language it is not written in", async () => {
    // gzip only, each clean page fetched once: which page answers does not depend on the encoding
    // (each encoding's bytes are compared below, "any other v is the clean page"), and brotli 11 of
    // every page in every language was most of this test's time (issue 39).
    const cleanOf = new Map<string, Sent>();
    for (const [, page, code] of SHIPPED)
      for (const other of LANGS.filter((l) => !variantsOf(l, page).includes(code)))
        await expectSameAsClean(pathOf(other, page), `v=${code}`, ["gzip"], cleanOf);
  });
});

describe("any other v is the clean page, byte for byte", () => {
  const [page, code] = (["home", ...SEGMENT_KEYS] as const).flatMap((p) =>
    variantsOf("pt", p).map((c) => [p, c] as const),
  )[0];
  const path = pathOf("pt", page);
  it.each([
    ["unknown", "v=not-a-variant"],
    ["markup", "v=%3Cscript%3Ealert(1)%3C%2Fscript%3E"],
    ["raw markup", "v=<script>alert(1)</script>"],
    ["a NUL", "v=%00"],
    ["2 KB", `v=${"a".repeat(2048)}`],
    ["25 characters", `v=${"a".repeat(25)}`],
    ["bad percent-encoding", "v=%E0%A4%A"],
    ["a known code twice", `v=${code}&v=${code}`],
    ["a known code and another", `v=${code}&v=other`],
    ["another letter case", `v=${code.toUpperCase()}`],
    ["empty", "v="],
    ["no value", "v"],
  ])("%s", async (_what, query) => {
    await expectSameAsClean(path, query);
  });

  it("for every page: a segment's code on another page is not its variant", async () => {
    const other = SEGMENT_KEYS.find((k) => variantsOf("pt", k).length === 0)!;
    await expectSameAsClean(segmentPath("pt", other), `v=${code}`);
  });

  it("never shows or echoes what the URL says (property, random values)", async () => {
    const clean = await getAsSent(server, path, { "Accept-Encoding": "identity" });
    const known = new Set(variantsOf("pt", page));
    await fc.assert(
      fc.asyncProperty(fc.string({ minLength: 1, maxLength: 60 }), async (value) => {
        fc.pre(!known.has(value));
        const r = await getAsSent(server, `${path}?v=${encodeURIComponent(value)}&utm_source=x`, {
          "Accept-Encoding": "identity",
        });
        expect(r.status).toBe(200);
        expect(Buffer.compare(r.body, clean.body)).toBe(0);
        expect(r.headers.etag).toBe(clean.headers.etag);
      }),
      { numRuns: 60 },
    );
  });

  it("a flood of 1,000 random v values grows the page cache by nothing", async () => {
    const fresh = makeApp();
    const all = [...LANGS.flatMap((l) => PAGES.map((p) => pathOf(l, p)))];
    for (const p of all) await request(fresh).get(p);
    for (const [lang, page, code] of SHIPPED) await request(fresh).get(`${pathOf(lang, page)}?v=${code}`);
    const size = fresh.locals.pageCache.size;
    expect(size).toBe(all.length + SHIPPED.length);
    const listening = await listenKeptAlive(fresh);
    try {
      for (let i = 0; i < 1000; i++) {
        const r = await getAsSent(
          listening,
          `${all[i % all.length]}?v=r${i.toString(36)}x${Math.random().toString(36).slice(2, 10)}`,
          // gzip: the cache's key space is what is measured, and brotli 11 for every page would be
          // most of this file's time (each encoding's bytes are checked above, per page kind).
          { "Accept-Encoding": "gzip" },
        );
        expect(r.status).toBe(200);
      }
    } finally {
      await listening.close();
    }
    expect(fresh.locals.pageCache.size).toBe(size);
  }, 60_000);
});

describe("the lead's source (the reference)", () => {
  const segment: SegmentKey = "odontology";
  const [code] = variantsOf("pt", segment);
  const ref = `${SEGMENTS[segment].ref}-${code}`;
  const name = (lang: Lang) => copy(lang, `industries.${segment}`);

  it.each(LANGS)(
    "%s: the segment page's WhatsApp call-to-action names the segment and ends with its reference",
    async (lang) => {
      const page = await get(segmentPath(lang, segment));
      const [href] = page.hrefsNamed(copy(lang, "source.ctaWhatsapp"));
      const to = await follow(app, href);
      expect(to.location.startsWith("https://wa.me/5511987654321?text=")).toBe(true);
      expect(to.text).toBe(
        copy(lang, "source.whatsappMessage", { segment: name(lang), brand }) + `\n\nref: ${SEGMENTS[segment].ref}`,
      );
    },
  );

  it("with a variant, the reference names it as written, percent-encoded whole", async () => {
    const page = await get(`${segmentPath("pt", segment)}?v=${code}`);
    const [href] = page.hrefsNamed(copy("pt", "source.ctaWhatsapp"));
    const to = await follow(app, href);
    expect(to.location).toContain(encodeURIComponent(`\n\nref: ${ref}`));
    expect(to.text.endsWith(`\n\nref: ${ref}`)).toBe(true);
    // The plan buttons' sales link and the footer's carry it too.
    const enterprise = page.hrefsNamed(copy("pt", "plans.enterprise.cta"));
    const footer = page.hrefsNamed(copy("pt", "footer.whatsapp"));
    expect(enterprise.length).toBeGreaterThan(0);
    expect(footer.length).toBe(1);
    for (const h of [...enterprise, ...footer]) expect((await follow(app, h)).ref).toBe(ref);
  });

  it.each(LANGS)(
    "%s: without SALES_WHATSAPP, a mailto whose subject names the segment and the reference",
    async (lang) => {
      const page = parsePage((await request(mailApp).get(segmentPath(lang, segment))).text);
      const [href] = page.hrefsNamed(copy(lang, "source.ctaEmail"));
      const to = await follow(mailApp, href);
      expect(to.location.startsWith("mailto:vendas@xia.test?subject=")).toBe(true);
      expect(to.text).toBe(
        copy(lang, "source.emailSubject", { segment: name(lang), brand }) + ` | ref: ${SEGMENTS[segment].ref}`,
      );
    },
  );

  it("every link to the application from a segment page carries the reference in one parameter", async () => {
    for (const [path, expected] of [
      [segmentPath("pt", segment), SEGMENTS[segment].ref],
      [`${segmentPath("pt", segment)}?v=${code}`, ref],
      [`/?v=${variantsOf("pt", "home")[0]}`, `SITE-${variantsOf("pt", "home")[0]}`],
    ] as const) {
      const page = await get(path);
      const appLinks = [...page.document.querySelectorAll("a[href]")]
        .map((a) => a.getAttribute("href")!)
        .filter((h) => h.startsWith(APP_URL));
      expect(appLinks.length, path).toBeGreaterThanOrEqual(5);
      for (const h of appLinks)
        expect(new URL(h).searchParams.getAll(SOURCE_PARAM), `${path} ${h}`).toEqual([expected]);
      expect(page.document.body.dataset.appUrl, path).toBe(`${APP_URL}/`);
    }
  });

  it("names the segment and the variant for the measurement events, and nothing on the clean landing page", async () => {
    const page = await get(`${segmentPath("pt", segment)}?v=${code}`);
    expect(page.document.body.dataset.segment).toBe(segment);
    expect(page.document.body.dataset.variant).toBe(code);
    const plain = await get(segmentPath("pt", segment));
    expect(plain.document.body.dataset.segment).toBe(segment);
    expect(plain.document.body.dataset.variant).toBeUndefined();
    const home = await get("/");
    expect(home.document.body.dataset.segment).toBeUndefined();
    expect(home.document.body.dataset.variant).toBeUndefined();
    // The clean landing page's links to the app are the configured URL, as before.
    const homeAppLinks = [...home.document.querySelectorAll("a[href^='https://app.xia.test']")];
    expect(homeAppLinks.length).toBeGreaterThanOrEqual(5);
    for (const a of homeAppLinks) expect(a.getAttribute("href")).toBe(`${APP_URL}/`);
  });
});
