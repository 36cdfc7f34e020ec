/**
 * The language table (src/shared/languages.ts) is the one place a language is added (decision 060):
 * its rows are well formed, what a language needs beyond code exists for each (catalogues, link
 * preview), and no other file decides by a language's literal code or lists the languages by hand,
 * the two ways a new language used to go wrong without a word (a flag falling back to another
 * country's, `inLanguage` staying as written, the currency knowing only "en or not"). What must
 * say something per language is a `Record<Lang, …>`, which the type checker holds to the table.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { CURRENCY } from "../content/catalogue";
import { LANGS, LANGUAGE_INFO, landingHref } from "./languages";
import { Flag } from "./ui/Flag";

const TABLE = "src/shared/languages.ts";
const THIS_FILE = "src/shared/languages.test.ts";
const ROOTS = ["src", "client", "views", "scripts", "tests", "build"];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sources(path);
    return /\.(tsx?|mjs)$/.test(entry.name) ? [path] : [];
  });
}
/**
 * Flag.tsx picks a drawing by code; the flag test below holds it to the table instead (a language it
 * does not know draws another's flag), which leaves the islands bundle's bytes as they are.
 */
const HELD_BY_A_TEST = "src/shared/ui/Flag.tsx";
const FILES = [...ROOTS.filter((root) => existsSync(root)).flatMap(sources), "build.ts"].filter(
  (file) => file !== TABLE && file !== THIS_FILE && file !== HELD_BY_A_TEST,
);

const quoted = (values: readonly string[]) => `["'](?:${values.map((v) => v.replace(/[/]/g, "\\/")).join("|")})["']`;
/** `lang === "en"`, `"es" !== lang`, `case "pt":`: a decision on a literal code, which a new language falls through. */
const COMPARISON = new RegExp(`[!=]==?\\s*${quoted(LANGS)}|${quoted(LANGS)}\\s*[!=]==?|\\bcase\\s+${quoted(LANGS)}`);
/** The string literals of each one-line array literal. */
const arrays = (line: string) =>
  [...line.matchAll(/\[([^[\]]*)\]/g)].map((m) => [...m[1].matchAll(/["']([^"']*)["']/g)].map((s) => s[1]));
const LISTS = [[...LANGS], LANGS.map((lang) => landingHref(lang))];

describe("the language table", () => {
  it.each(LANGS)("%s: a well-formed row", (lang) => {
    const info = LANGUAGE_INFO[lang];
    expect(Intl.getCanonicalLocales(info.htmlLang)).toEqual([info.htmlLang]);
    expect(info.ogLocale).toMatch(/^[a-z]{2}_[A-Z]{2}$/);
    expect(Intl.NumberFormat.supportedLocalesOf([info.numberLocale])).toEqual([info.numberLocale]);
    expect(Intl.supportedValuesOf("currency")).toContain(CURRENCY[lang]);
    expect(info.name.trim()).not.toBe("");
  });

  it("no two languages share a code, a name or an html lang", () => {
    for (const field of ["htmlLang", "name", "ogLocale"] as const)
      expect(new Set(LANGS.map((lang) => LANGUAGE_INFO[lang][field])).size, field).toBe(LANGS.length);
  });

  it("every language has a flag of its own (src/shared/ui/Flag.tsx draws one per language)", () => {
    const drawn = LANGS.map((lang) => renderToStaticMarkup(createElement(Flag, { lang })));
    // A language Flag.tsx does not know falls through to another country's drawing.
    expect(new Set(drawn).size).toBe(LANGS.length);
  });

  it.each(LANGS)("%s has its catalogues and its link preview", (lang) => {
    const needed = [
      `locales/${lang}.json`,
      `locales/segments/${lang}.json`,
      `locales/variants/${lang}.json`,
      `public/og-image-${lang}.png`,
    ];
    expect(needed.filter((file) => !existsSync(file))).toEqual([]);
  });
});

describe("no other place names the languages", () => {
  it("reads the scanned files (the scan itself works)", () => {
    expect(FILES.length).toBeGreaterThan(100);
    expect(COMPARISON.test(`if (lang === ${JSON.stringify(LANGS[1])})`)).toBe(true);
    expect(arrays(`const all = ${JSON.stringify(LANGS)};`)).toEqual([[...LANGS]]);
  });

  it("no file compares a language with a literal code (use the table, DEFAULT_LANG or LEGAL_LANG)", () => {
    const found = FILES.flatMap((file) =>
      readFileSync(file, "utf8")
        .split("\n")
        .flatMap((line, i) => (COMPARISON.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(found).toEqual([]);
  });

  it("no file lists every language or every landing path by hand (use LANGS, tests/fixtures.ts)", () => {
    const found = FILES.flatMap((file) =>
      readFileSync(file, "utf8")
        .split("\n")
        .flatMap((line, i) =>
          arrays(line).some((strings) => LISTS.some((list) => list.every((item) => strings.includes(item))))
            ? [`${file}:${i + 1}: ${line.trim()}`]
            : [],
        ),
    );
    expect(found).toEqual([]);
  });
});
