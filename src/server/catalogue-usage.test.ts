/**
 * Every catalogue key is asked for by some page: a key no component uses is copy nobody sees (and
 * a translator keeps translating it). Each page, the 404 and every error page are rendered in every
 * language (every segment page too), the landing page with the calculator empty, valid and invalid, while each catalogue
 * records the keys read from it; islands get their strings as props, so the server asks for those too.
 */
import { variantsOf } from "../content/variants";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LANGS } from "../shared/languages";
import type { Assets } from "./assets";
import { loadConfig } from "./config";
import { salesTarget } from "../content/sales";
import { ALL_CONVERSIONS_ENV, MEASUREMENT_ENVS } from "../../tests/fixtures";
import { CATALOGUES, LEGAL_PT, type Catalogue } from "../content/catalogue";
import { renderPage, type RenderInput } from "./render";
import { SEGMENT_KEYS } from "../content/segments";
import { MESSAGE_PAGES, PAGES, type PageDescriptor } from "../pages";
import { calculatorProps, renderIsland } from "./calculator/props";

const assets: Assets = {
  css: { landing: "", segment: "", legal: "", message: "", consent: "" },
  headScript: "",
  mainScript: "/assets/main.js",
  measuredScript: "/assets/measured.js",
  islandsScript: "/assets/islands.js",
  sprite: "/assets/icons.svg",
  tagsScript: "/assets/tags.js",
  assetsDir: "",
  publicDir: "",
};
const today = { year: 2027, ptBr: "01/01/2027", iso: "2027-01-01" };

const catalogues: Array<[string, Catalogue]> = [
  ...LANGS.map((l): [string, Catalogue] => [`${l}.json`, CATALOGUES[l]]),
  ["legal.pt.json", LEGAL_PT],
];
const read = new Map<string, Set<string>>(catalogues.map(([name]) => [name, new Set()]));
const originals = catalogues.map(([, messages]) => ({ ...messages }));

describe("catalogue keys", () => {
  beforeAll(() => {
    // Each message becomes a getter that notes its key (src/content/catalogue.ts reads the catalogue on every lookup).
    for (const [name, messages] of catalogues)
      for (const [key, value] of Object.entries(messages))
        Object.defineProperty(messages, key, {
          get: () => (read.get(name)!.add(key), value),
          enumerable: true,
          configurable: true,
        });

    const settings = loadConfig({}).page;
    const page = (name: string) => PAGES.find((p) => p.name === name)!;
    const [landing, privacy, firstSegment] = [page("landing"), page("privacy"), page(`segment:${SEGMENT_KEYS[0]}`)];
    for (const lang of LANGS) {
      const input: RenderInput = { settings, assets, lang, today };
      const onPaths = (p: PageDescriptor) => Object.keys(p.paths).length === 0 || lang in p.paths;
      for (const p of [...PAGES, ...Object.values(MESSAGE_PAGES)].filter(onPaths)) renderPage(p, input);
      // The calculator's answers (its result, its errors), as the answer renderer renders them.
      const props = calculatorProps(settings, lang, null);
      for (const q of [
        { leads: "120", interactions: "8" },
        { leads: null, interactions: null },
        { leads: "2000000", interactions: "" },
      ])
        renderIsland(props, q);
      // With SALES_WHATSAPP, Enterprise and the footer talk to sales on WhatsApp (other copy).
      const whatsapp = { ...input, settings: loadConfig({ SALES_WHATSAPP: "5511987654321" }).page };
      renderPage(landing, whatsapp);
      renderPage(firstSegment, whatsapp);
      // The sales redirect's messages (decision 069): built per click, never on a page.
      for (const c of [input.settings, whatsapp.settings])
        for (const message of [{ plan: "Enterprise" }, { segment: SEGMENT_KEYS[0] }, { general: true as const }])
          salesTarget(c, lang, message, { page: "home", variant: null }, null);
      // Every message-match variant written in this language (decision 056).
      for (const p of PAGES.filter((p) => p.adPage !== null))
        for (const code of variantsOf(lang, p.adPage!))
          renderPage(p, { ...input, source: { page: p.adPage!, variant: code } });
      // Measurement (decision 044): the banner and the privacy page's text per configured tool.
      for (const env of MEASUREMENT_ENVS) {
        const measured = { ...input, settings: loadConfig(env).page };
        renderPage(landing, measured);
        renderPage(privacy, { ...measured, lang: "pt" });
        renderPage(MESSAGE_PAGES.notFound, measured);
      }
      // Conversions (issue 32): the privacy page names where the leads' outcomes go.
      renderPage(privacy, { ...input, lang: "pt", settings: loadConfig(ALL_CONVERSIONS_ENV).page });
      // Experiments (issue 37): one sentence while one is declared.
      renderPage(privacy, { ...input, lang: "pt", settings: { ...loadConfig({}).page, experiments: true } });
      // The banner names the conversion recipients (decision 079).
      renderPage(landing, { ...input, settings: loadConfig(ALL_CONVERSIONS_ENV).page });
      const googleFileOnly = loadConfig({
        GOOGLE_ADS_CONVERSION_WON: "Venda",
        GOOGLE_ADS_FILE_PASSWORD: "google-file-0123456789",
      });
      renderPage(privacy, { ...input, lang: "pt", settings: googleFileOnly.page });
    }
    // 75 pages and their variants: generous for a loaded machine.
  }, 30_000);

  afterAll(() => {
    catalogues.forEach(([, messages], i) => {
      for (const key of Object.keys(messages)) delete messages[key];
      Object.assign(messages, originals[i]);
    });
  });

  it.each(catalogues.map(([name]) => name))("every key of locales/%s is used by a page", (name) => {
    const messages = catalogues.find(([n]) => n === name)![1];
    const unused = Object.keys(messages).filter((key) => !read.get(name)!.has(key));
    expect(unused, `keys of locales/${name} no page asks for`).toEqual([]);
  });
});
