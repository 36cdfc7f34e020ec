import request from "supertest";
import { describe, expect, it } from "vitest";
import { LANGS } from "../../src/shared/languages";
import type { Currency } from "../../src/content/catalogue";
import { PLANS, type Plan } from "../../src/shared/plans";
import { EXPECTED_LANGUAGE } from "../fixtures";
import { copy } from "../copy";
import { parsePage, queriesIn, textOf } from "./dom";
import { makeApp } from "./helpers";

const SITE = "https://www.xia.test";

interface Offer {
  name: string;
  price: string;
  priceCurrency: string;
  description: string;
}
const app = makeApp({ SITE_URL: SITE, INSTAGRAM_URL: "https://instagram.com/xia", CONTACT_EMAIL: "oi@xia.test" });
const meta = (html: string, key: string) => parsePage(html).meta(key);
const one = (html: string, key: string) => meta(html, key)[0];
/** The head's `<link rel="alternate">`s as [hreflang, href]. */
const alternates = (html: string) =>
  parsePage(html)
    .headLinks("alternate")
    .map((link) => [link.getAttribute("hreflang"), link.getAttribute("href")]);

describe("per language", () => {
  const pages = LANGS.map((lang) => {
    const { path, htmlLang, ogLocale } = EXPECTED_LANGUAGE[lang];
    return [path, lang, htmlLang, ogLocale, SITE + path] as const;
  });

  it("titles and descriptions differ per language", async () => {
    const htmls = await Promise.all(
      pages.map(([p]) =>
        request(app)
          .get(p)
          .then((r) => r.text),
      ),
    );
    const titles = htmls.map((h) => parsePage(h).title);
    const descriptions = htmls.map((h) => one(h, "description"));
    expect(new Set(titles).size).toBe(LANGS.length);
    expect(new Set(descriptions).size).toBe(LANGS.length);
  });

  it.each(pages)(
    "%s: canonical, hreflang alternates with x-default, theme-color, Open Graph, Twitter",
    async (path, lang, htmlLang, ogLocale, canonical) => {
      const html = (await request(app).get(path)).text;
      const page = parsePage(html);
      expect(page.headLinks("canonical").map((link) => link.getAttribute("href"))).toEqual([canonical]);
      expect(alternates(html)).toEqual(
        expect.arrayContaining([
          ...LANGS.map((l) => [EXPECTED_LANGUAGE[l].htmlLang, SITE + EXPECTED_LANGUAGE[l].path]),
          ["x-default", `${SITE}/`],
        ]),
      );
      expect(one(html, "theme-color")).toBe("#0b1f17");
      expect(one(html, "og:url")).toBe(canonical);
      expect(one(html, "og:type")).toBe("website");
      expect(one(html, "og:site_name")).toBe("XIA");
      expect(one(html, "og:title")).toBe(page.title);
      expect(one(html, "og:description")).toBe(one(html, "description"));
      expect(one(html, "og:locale")).toBe(ogLocale);
      expect(meta(html, "og:locale:alternate").sort()).toEqual(
        LANGS.map((l) => EXPECTED_LANGUAGE[l].ogLocale)
          .filter((l) => l !== ogLocale)
          .sort(),
      );
      expect(one(html, "og:image")).toBe(`${SITE}/og-image-${lang}.png`);
      expect([one(html, "og:image:width"), one(html, "og:image:height")]).toEqual(["1200", "630"]);
      expect(one(html, "og:image:alt")).toBe(copy(lang, "meta.ogImageAlt", { brand: "XIA" }));
      expect(one(html, "twitter:card")).toBe("summary_large_image");
      expect(one(html, "twitter:image")).toBe(`${SITE}/og-image-${lang}.png`);
      expect(page.lang).toBe(htmlLang);
    },
  );

  it("the legal pages have their own canonical without query, Portuguese previews, no alternates", async () => {
    for (const route of ["privacy", "terms"]) {
      const html = (await request(app).get(`/${route}?lang=en`)).text;
      const page = parsePage(html);
      expect(page.headLinks("canonical").map((link) => link.getAttribute("href"))).toEqual([`${SITE}/${route}`]);
      expect(one(html, "og:locale")).toBe("pt_BR");
      expect(page.document.querySelectorAll('[rel~="alternate"]')).toHaveLength(0);
    }
  });

  it("the preview image is a 1200×630 PNG served by the site", async () => {
    const res = await request(app).get("/og-image-pt.png").buffer(true);
    expect(res.headers["content-type"]).toBe("image/png");
    const png = res.body as Buffer;
    expect(png.subarray(1, 4).toString()).toBe("PNG");
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
  });
});

describe("structured data", () => {
  /** The page's one structured-data block, as the browser's parser ends it. */
  const block = (html: string) => {
    const blocks = parsePage(html).document.querySelectorAll('script[type="application/ld+json"]');
    expect(blocks).toHaveLength(1);
    return blocks[0].textContent!;
  };
  const ld = async (path: string) => {
    return JSON.parse(block((await request(app).get(path)).text)) as {
      "@graph": Array<Record<string, unknown> & { offers: Offer[]; sameAs: string[] }>;
    };
  };

  it("has Organization (name, url, logo, contact e-mail, socials) and WebSite", async () => {
    const graph = (await ld("/"))["@graph"];
    const org = graph.find((n) => n["@type"] === "Organization")!;
    expect(org).toMatchObject({
      name: "XIA",
      url: `${SITE}/`,
      logo: `${SITE}/apple-touch-icon.png`,
      contactPoint: { email: "oi@xia.test" },
    });
    expect(org.sameAs).toContain("https://instagram.com/xia");
    // The site's languages, every one of them (it once stayed as written when a language was added).
    expect(graph.find((n) => n["@type"] === "WebSite")).toMatchObject({
      url: `${SITE}/`,
      name: "XIA",
      inLanguage: LANGS.map((l) => EXPECTED_LANGUAGE[l].htmlLang),
    });
  });

  /** A plan's price in each currency (src/shared/plans.ts). */
  const FIELD: Record<Currency, keyof Plan & ("priceBrl" | "priceUsd")> = { BRL: "priceBrl", USD: "priceUsd" };
  it.each(LANGS.map((lang) => [EXPECTED_LANGUAGE[lang].path, EXPECTED_LANGUAGE[lang].currency, lang] as const))(
    "%s: offers match the plan data and the visible prices (%s)",
    async (path, currency, lang) => {
      const field = FIELD[currency];
      const html = (await request(app).get(path)).text;
      const app_ = (await ld(path))["@graph"].find((n) => n["@type"] === "SoftwareApplication")!;
      const priced = PLANS.filter((p) => p[field] !== null);
      const cards = [...parsePage(html).getByRole("list", { name: copy(lang, "plans.listLabel") }).children];
      /** The visible text of the card whose heading is the plan's name. */
      const card = (name: string) =>
        textOf(cards.find((c) => queriesIn(c as HTMLElement).queryByRole("heading", { level: 3, name }))!);
      expect(app_.offers.map((o) => o.name)).toEqual(priced.map((p) => p.name));
      for (const plan of priced) {
        const offer = app_.offers.find((o) => o.name === plan.name)!;
        expect(offer.priceCurrency).toBe(currency);
        expect(Number(offer.price)).toBe(plan[field]);
        expect(card(plan.name)).toContain(offer.description.replace(/\u00a0/g, " ")); // as read, a no-break space is a space
      }
      expect(JSON.stringify(app_)).not.toMatch(/aggregateRating|review/i);
    },
  );

  it("cannot break out of its script element", async () => {
    const json = block((await request(makeApp({ BRAND_NAME: "A&B Vendas" })).get("/")).text);
    expect(json).not.toMatch(/[<>&]/);
    expect(JSON.parse(json)["@graph"][0].name).toBe("A&B Vendas");
  });
});

describe("crawling", () => {
  it("robots.txt allows everything and names the sitemap", async () => {
    const res = await request(app).get("/robots.txt");
    expect(res.headers["content-type"]).toBe("text/plain; charset=utf-8");
    expect(res.text).toBe(`User-agent: *\nAllow: /\n\nSitemap: ${SITE}/sitemap.xml\n`);
  });

  it("sitemap.xml lists the landing pages with the language alternates of /, then the segment pages, /privacy, /terms", async () => {
    const res = await request(app).get("/sitemap.xml");
    expect(res.headers["content-type"]).toBe("application/xml; charset=utf-8");
    const locs = [...res.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    // The segment pages and their alternates: tests/http/segments.test.ts.
    expect(locs.slice(0, 3)).toEqual([`${SITE}/`, `${SITE}/en`, `${SITE}/es`]);
    expect(locs.slice(-2)).toEqual([`${SITE}/privacy`, `${SITE}/terms`]);
    const landing = res.text.slice(0, res.text.indexOf(`<url><loc>${locs[3]}<`));
    expect(landing).toContain(`<xhtml:link rel="alternate" hreflang="en" href="${SITE}/en"/>`);
    expect(landing).toContain(`<xhtml:link rel="alternate" hreflang="x-default" href="${SITE}/"/>`);
    expect(landing.match(/<xhtml:link/g)).toHaveLength(12);
  });

  it("serves the icons the pages name, so no browser request ends in a 404", async () => {
    const { document } = parsePage((await request(app).get("/")).text);
    const icons = [...document.head.querySelectorAll('link[rel="icon"], link[rel="apple-touch-icon"]')].map((link) =>
      link.getAttribute("href")!,
    );
    expect(icons).toEqual(["/favicon.ico", "/favicon.svg", "/apple-touch-icon.png"]);
    for (const icon of icons) await request(app).get(icon).expect(200);
  });
});
