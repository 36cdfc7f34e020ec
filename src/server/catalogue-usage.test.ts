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
import { ALL_CONVERSIONS_ENV, MEASUREMENT_ENVS } from "../../tests/fixtures";
import { CATALOGUES, LEGAL_PT, type Catalogue } from "../content/catalogue";
import { renderLanding, renderLegal, renderMessage, renderSegment, type MessageKind, type RenderInput } from "./render";
import { SEGMENT_KEYS } from "../content/segments";

const KINDS: MessageKind[] = ["notFound", "badRequest", "methodNotAllowed", "generic"];
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

    const config = loadConfig({}).page;
    for (const lang of LANGS) {
      const input: RenderInput = { config, assets, lang, today };
      renderLanding(input);
      renderLanding(input, { leads: "120", interactions: "8" });
      renderLanding(input, { leads: null, interactions: null });
      renderLanding(input, { leads: "2000000", interactions: "" });
      for (const segment of SEGMENT_KEYS) renderSegment(input, segment);
      for (const route of ["privacy", "terms"] as const) renderLegal(input, route);
      for (const kind of KINDS) renderMessage(input, kind);
      // With SALES_WHATSAPP, Enterprise and the footer talk to sales on WhatsApp (other copy).
      renderLanding({ ...input, config: loadConfig({ SALES_WHATSAPP: "5511987654321" }).page });
      renderSegment({ ...input, config: loadConfig({ SALES_WHATSAPP: "5511987654321" }).page }, SEGMENT_KEYS[0]);
      // Every message-match variant written in this language (decision 056).
      renderLanding(input, {});
      for (const code of variantsOf(lang, "home")) renderLanding({ ...input, source: { page: "home", variant: code } });
      for (const segment of SEGMENT_KEYS)
        for (const code of variantsOf(lang, segment))
          renderSegment({ ...input, source: { page: segment, variant: code } }, segment);
      // Measurement (decision 044): the banner and the privacy page's text per configured tool.
      for (const env of MEASUREMENT_ENVS) {
        const measured = { ...input, config: loadConfig(env).page };
        renderLanding(measured);
        renderLegal(measured, "privacy");
        renderMessage(measured, "notFound");
      }
      // Conversions (issue 32): the privacy page names where the leads' outcomes go.
      renderLegal({ ...input, config: loadConfig(ALL_CONVERSIONS_ENV).page }, "privacy");
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
