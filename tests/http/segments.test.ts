/**
 * The segment pages (issue 25, decisions 054 and 055) as a visitor and a search engine read them:
 * every page of the route table in every language, its head, the landing tiles that lead to it,
 * and the sitemap and hreflang derived from the same table. Nothing here lists a segment: the
 * table (src/content/segments.ts) is the only list.
 */
import request from "supertest";
import { describe, expect, it } from "vitest";
import { SEGMENT_PAGES } from "../../src/content/segmentPages";
import { SEGMENTS, SEGMENT_KEYS, segmentPath, type Segment, type SegmentKey } from "../../src/content/segments";
import { DEFAULT_LANG, LANGS, LANGUAGE_INFO, landingHref, type Lang } from "../../src/shared/languages";
import { copy } from "../copy";
import { parsePage, sectionOf, textOf } from "./dom";
import { makeApp } from "./helpers";

const SITE = "https://www.xia-exemplo.com.br";
const app = makeApp({ SITE_URL: SITE });
const brand = "XIA";
const get = async (path: string) => {
  const res = await request(app).get(path);
  expect(res.status, path).toBe(200);
  return parsePage(res.text);
};

/** The hreflang cluster a segment's pages must carry: its three languages and x-default (pt). */
const clusterOf = (key: (typeof SEGMENT_PAGES)[number]["key"]) => [
  ...LANGS.map((l) => [LANGUAGE_INFO[l].htmlLang, SITE + segmentPath(l, key)]),
  ["x-default", SITE + segmentPath("pt", key)],
];

describe("every segment page in every language", () => {
  it(`is in the table once per segment and language (${SEGMENT_KEYS.length} × ${LANGS.length}), every path distinct and lowercase ASCII`, () => {
    expect(SEGMENT_PAGES).toHaveLength(SEGMENT_KEYS.length * LANGS.length);
    const paths = SEGMENT_PAGES.map((p) => p.path);
    expect(new Set(paths).size).toBe(paths.length);
    const prefix = LANGS.filter((l) => l !== DEFAULT_LANG).join("|");
    for (const path of paths) expect(path).toMatch(new RegExp(`^(\\/(${prefix}))?\\/[a-z]+\\/[a-z0-9]+(-[a-z0-9]+)*$`));
  });

  it.each(SEGMENT_PAGES.map((p) => [p.path, p] as const))(
    "%s: 200, its language, H1, title, description, canonical and hreflang cluster",
    async (path, { key, lang }) => {
      const page = await get(path);
      expect(page.lang).toBe(LANGUAGE_INFO[lang].htmlLang);
      const h1 = page.getByRole("heading", { level: 1 });
      expect(textOf(h1)).toBe(copy(lang, `seg.${key}.title`, { brand }));
      expect(page.title).toBe(copy(lang, `seg.${key}.metaTitle`, { brand }));
      expect(page.meta("description")).toEqual([copy(lang, `seg.${key}.metaDescription`, { brand })]);
      expect(page.meta("og:title")).toEqual([page.title]);
      expect(page.meta("og:description")).toEqual(page.meta("description"));
      expect(page.meta("og:url")).toEqual([SITE + path]);
      expect(page.headLinks("canonical").map((l) => l.getAttribute("href"))).toEqual([SITE + path]);
      const alternates = page.headLinks("alternate").map((l) => [l.getAttribute("hreflang"), l.getAttribute("href")]);
      expect(alternates).toEqual(clusterOf(key));
    },
  );

  it.each(LANGS)("%s: the landing tiles link to the segment pages in that language; 'and more' stays", async (lang) => {
    const landing = await get(landingHref(lang));
    const grid = sectionOf(landing.getByRole("heading", { level: 2, name: copy(lang, "industries.title") }));
    const links = [...grid.querySelectorAll("a")].map((a) => [textOf(a), a.getAttribute("href")]);
    expect(links).toEqual(SEGMENT_KEYS.map((key) => [copy(lang, `industries.${key}`), segmentPath(lang, key)]));
    expect(textOf(grid)).toContain(copy(lang, "industries.more"));
    expect(landing.hrefsNamed(copy(lang, "header.nav.industries"))).toContain("#industries");
  });

  it.each(LANGS)(
    "%s: the segment's own parts: eyebrow, chat, blocks with their features, its questions first",
    async (lang) => {
      const key = SEGMENT_KEYS[0];
      const page = await get(segmentPath(lang, key));
      const main = page.getByRole("main");
      expect(textOf(main)).toContain(copy(lang, `seg.${key}.eyebrow`, { brand }));
      const chat = page.getByRole("figure", { name: new RegExp(copy(lang, "hero.chat.label")) });
      for (const part of ["reply", "lead", "pick", "done", "note"])
        expect(textOf(chat)).toContain(copy(lang, `seg.${key}.chat.${part}`, { brand }));
      const how = sectionOf(
        page.getByRole("heading", { level: 2, name: copy(lang, `seg.${key}.blocksTitle`, { brand }) }),
      );
      const blocks = [...how.querySelectorAll("h3")].map((h) => textOf(h));
      expect(blocks).toEqual(SEGMENTS[key].blocks.map((f) => copy(lang, `seg.${key}.block.${f}.title`, { brand })));
      const faq = sectionOf(page.getByRole("heading", { level: 2, name: copy(lang, "faq.title") }));
      const questions = [...faq.querySelectorAll("summary")].map((s) => textOf(s));
      const own = SEGMENTS[key].faqs.map((id) => copy(lang, `seg.${key}.faq.${id}.q`, { brand }));
      expect(questions.slice(0, own.length)).toEqual(own);
      expect(questions).toContain(copy(lang, "faq.crm.q", { brand }));
      expect(textOf(faq)).toContain(copy(lang, `seg.${key}.closing`, { brand }));
    },
  );

  it.each(LANGS)(
    "%s: the frame: anchors to its own sections, the switcher to the same segment, the others and home",
    async (lang) => {
      const key = "real_estate";
      const page = await get(segmentPath(lang, key));
      expect(page.hrefsNamed(copy(lang, "header.nav.pricing"))[0]).toBe("#pricing");
      expect(page.hrefsNamed(copy(lang, "header.nav.faq"))[0]).toBe("#faq");
      expect(page.hrefsNamed(copy(lang, "header.nav.industries"))[0]).toBe("#industries");
      // No features grid of its own: the landing page's.
      expect(page.hrefsNamed(copy(lang, "header.nav.features"))[0]).toBe(landingHref(lang, "#features"));
      for (const id of ["pricing", "faq", "industries", "calculator"])
        expect(page.document.getElementById(id), id).toBeTruthy();
      for (const other of LANGS) expect(page.hrefsNamed(LANGUAGE_INFO[other].name)).toContain(segmentPath(other, key));
      const others = sectionOf(page.getByRole("heading", { level: 2, name: copy(lang, "segment.others") }));
      const targets = [...others.querySelectorAll("a")].map((a) => a.getAttribute("href"));
      expect(targets).toEqual([
        ...SEGMENT_KEYS.filter((k) => k !== key).map((k) => segmentPath(lang, k)),
        landingHref(lang),
      ]);
      // The application, with the page's reference (decision 056).
      expect(page.hrefsNamed(copy(lang, "hero.cta"))[0]).toBe(`https://app.example.com/?xia_ref=${SEGMENTS[key].ref}`);
    },
  );

  it.each(LANGS)(
    "%s: a support case ends with the handover (ISP: no pick, no closing), a sale with both",
    async (lang) => {
      const bubbles = async (key: SegmentKey) => {
        const page = await get(segmentPath(lang, key));
        const chat = page.getByRole("figure", { name: new RegExp(copy(lang, "hero.chat.label")) });
        return [...chat.querySelectorAll(".msg")].length;
      };
      expect(await bubbles("isp")).toBe(4);
      expect(await bubbles("odontology")).toBe(6);
    },
  );

  const sensitive = SEGMENT_KEYS.filter((k) => (SEGMENTS[k] as Segment).dataFaq);
  it.each(LANGS)(
    "%s: the data question says AI model providers receive the conversations, linking the privacy page, once per page",
    async (lang) => {
      expect(sensitive).toEqual(expect.arrayContaining(["medical", "odontology", "aesthetics", "law", "accounting"]));
      const privacy = copy(lang, "footer.privacy");
      const [before, after] = copy(lang, "segment.aiProviders", { privacy: "\u0001" }).split("\u0001");
      for (const key of [...sensitive, "real_estate" as const]) {
        const faq = sectionOf(
          (await get(segmentPath(lang, key))).getByRole("heading", { level: 2, name: copy(lang, "faq.title") }),
        );
        const links = [...faq.querySelectorAll("a")].filter(
          (a) => a.getAttribute("href") === "/privacy#compartilhamento",
        );
        // Once: a sensitive-data page's own data question says it; elsewhere the general one does.
        expect(links, key).toHaveLength(1);
        const id = (SEGMENTS[key] as Segment).dataFaq;
        const question = id ? copy(lang, `seg.${key}.faq.${id}.q`, { brand }) : copy(lang, "faq.data.q");
        const answer = links[0]?.closest("details");
        expect(textOf(answer!.querySelector("summary")!), key).toBe(question);
        expect(textOf(links[0]), key).toBe(privacy);
        expect(links[0].parentElement!.textContent, key).toBe(before + privacy + after);
      }
    },
    30_000,
  );

  it.each(LANGS)("%s: breadcrumbs as structured data: home, then the segment", async (lang) => {
    const key = "gym";
    const page = await get(segmentPath(lang, key));
    const json = JSON.parse(page.document.querySelector('script[type="application/ld+json"]')!.textContent!);
    expect(json["@type"]).toBe("BreadcrumbList");
    expect(json.itemListElement.map((i: { name: string; item: string }) => [i.name, i.item])).toEqual([
      [brand, SITE + landingHref(lang)],
      [copy(lang, `industries.${key}`), SITE + segmentPath(lang, key)],
    ]);
  });
});

describe("the sitemap, from the same table", () => {
  it("lists every landing and segment page once with its cluster, and the legal pages", async () => {
    const xml = (await request(app).get("/sitemap.xml")).text;
    const entries = [...xml.matchAll(/<url><loc>([^<]+)<\/loc>(.*?)<\/url>/g)].map((m) => ({
      loc: m[1],
      alternates: [...m[2].matchAll(/hreflang="([^"]+)" href="([^"]+)"/g)].map((a) => [a[1], a[2]]),
    }));
    const landings = LANGS.map((l: Lang) => SITE + landingHref(l));
    expect(entries.map((e) => e.loc).sort()).toEqual(
      [...landings, ...SEGMENT_PAGES.map((p) => SITE + p.path), `${SITE}/privacy`, `${SITE}/terms`].sort(),
    );
    for (const { key, path } of SEGMENT_PAGES)
      expect(entries.find((e) => e.loc === SITE + path)!.alternates, path).toEqual(clusterOf(key));
  });
});
