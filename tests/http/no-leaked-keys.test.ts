/**
 * A missing catalogue key renders as the key itself (docs/copy.md): never on a page, neither in
 * the text nor in what a screen reader hears (aria-label, alt, title, the props islands receive).
 */
import request from "supertest";
import { describe, expect, it } from "vitest";
import { CATALOGUES, LEGAL_PT } from "../../src/content/catalogue";
import { SEGMENT_KEYS, segmentPath } from "../../src/content/segments";
import { LANGS, landingHref } from "../../src/shared/languages";
import { parsePage } from "./dom";
import { makeApp } from "./helpers";

const app = makeApp({ SALES_WHATSAPP: "5511987654321" });
const KEYS = new Set([...LANGS.flatMap((l) => Object.keys(CATALOGUES[l])), ...Object.keys(LEGAL_PT)]);
/** What a key looks like (`footer.legal`, `seg.gym.faq.trial.q`): a key that exists, or one that does not. */
const KEY_SHAPED = /^[a-z][a-zA-Z]*(\.[a-zA-Z0-9_-]+)+$/;
const isKey = (value: string) => KEYS.has(value) || KEY_SHAPED.test(value);
const PATHS = [
  ...LANGS.map((l) => landingHref(l)),
  ...LANGS.map((l) => segmentPath(l, SEGMENT_KEYS[0])),
  "/privacy",
  "/terms",
  "/missing",
  "/en/missing",
  "/es/missing",
];

describe("no catalogue key shows through", () => {
  it.each(PATHS)("%s: no text or accessible attribute is a key", async (path) => {
    const { document, text } = parsePage((await request(app).get(path)).text);
    const leaked: string[] = [];
    for (const el of document.querySelectorAll("[aria-label], [alt], [title], [placeholder]"))
      for (const attr of ["aria-label", "alt", "title", "placeholder"]) {
        const value = el.getAttribute(attr);
        if (value && isKey(value)) leaked.push(`${attr}="${value}"`);
      }
    for (const script of document.querySelectorAll('script[type="application/json"]'))
      for (const value of JSON.stringify(JSON.parse(script.textContent ?? "null")).match(/"[^"]*"/g) ?? [])
        if (isKey(JSON.parse(value))) leaked.push(`island prop ${value}`);
    for (const word of text.split(" ")) if (isKey(word)) leaked.push(`text ${word}`);
    expect(leaked).toEqual([]);
  });
});
