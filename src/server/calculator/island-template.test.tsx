/**
 * A calculator answer's island comes from a template of its kind with the values put in
 * (islandTemplate.tsx): it must be, byte for byte, what React renders for that answer, for
 * every kind of answer (each field absent, empty, invalid or a value; each plan or none) in every
 * language, and a value that is not plain must still come out escaped as React escapes it.
 */
import { describe, expect, it } from "vitest";
import { calculatorProps, renderIsland } from "./props";
import { sanitizeQuery, type CalculatorQuery } from "../../shared/calculator";
import { LANGS, type Lang } from "../../shared/languages";
import { loadConfig } from "../config";
import { createAnswerRenderer } from ".";

const config = loadConfig({}).page;
// One renderer per language, as pageSender.ts keeps them: each keeps its own templates.
const RENDERERS = Object.fromEntries(LANGS.map((lang) => [lang, createAnswerRenderer(config, lang)])) as Record<
  Lang,
  ReturnType<typeof createAnswerRenderer>
>;
const island = (lang: Lang, query: CalculatorQuery) => RENDERERS[lang].island(query);
const react = (lang: Lang, query: CalculatorQuery) => renderIsland(calculatorProps(config, lang, null), query);

// Each field: absent, empty, invalid, and values that reach every plan together (1×1 freemium …
// 1,000,000 × 1,000 enterprise), with digit grouping in every locale.
const LEADS = [undefined, "", "abc", "1", "70", "1000", "5000", "12001", "1000000", " 250 "];
const INTERACTIONS = [undefined, "", "0", "1", "7", "1000"];
const QUERIES = LEADS.flatMap((leads) => INTERACTIONS.map((interactions) => sanitizeQuery({ leads, interactions })));

describe("the calculator island from its template", () => {
  it.each(LANGS)("%s: every kind of answer is what React renders", (lang) => {
    // Twice: in the first round the first answer of each kind builds its template and the later
    // ones fill it; in the second every answer fills a kept template.
    for (const round of [1, 2])
      for (const query of QUERIES)
        expect(island(lang, query), `${round} ${JSON.stringify(query)}`).toBe(react(lang, query));
    // Every kind of these answers has a template (none fell back to React).
    expect(RENDERERS[lang].kinds().react).toBe(0);
    expect(RENDERERS[lang].kinds().templates).toBeGreaterThan(20);
  });

  it.each([
    ["markup", { leads: "<b>&'\"", interactions: "2" }],
    ["a backslash", { leads: "5\\", interactions: "2" }],
    ["a control character", { leads: "5", interactions: "2\u0001" }],
  ] as const)(
    "a value that is not plain (%s, unsanitized) is escaped as React and the props' JSON escape it",
    (_, query) => {
      for (const lang of LANGS) expect(island(lang, query)).toBe(react(lang, query));
    },
  );

  it("a query built with its fields in the other order: the same island as React renders for it", () => {
    const query = { interactions: "2", leads: "5" };
    for (const lang of LANGS) expect(island(lang, query)).toBe(react(lang, query));
  });

  it.each([
    ["a blank value after a valid one", [{ leads: "500" }, { leads: "\u00a0" }]],
    [
      "a valid value after a blank one",
      [
        { leads: "\u202f", interactions: "" },
        { leads: "500", interactions: "" },
      ],
    ],
    [
      "an invalid value after a valid one",
      [
        { leads: "5", interactions: "2" },
        { leads: "5", interactions: "0" },
      ],
    ],
  ] as const)("unsanitized, %s: each is the island React renders for it", (_, queries) => {
    // A new renderer: no template kept yet, so the first answer builds the one the second may fill.
    for (const lang of LANGS) {
      const renderer = createAnswerRenderer(config, lang);
      for (const query of queries) expect(renderer.island(query)).toBe(react(lang, query));
    }
  });
});
