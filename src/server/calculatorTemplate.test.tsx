/**
 * A calculator answer's island comes from a template of its kind with the values put in
 * (calculatorTemplate.tsx): it must be, byte for byte, what React renders for that answer, for
 * every kind of answer (each field absent, empty, invalid or a value; each plan or none) in every
 * language, and a value that is not plain must still come out escaped as React escapes it.
 */
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { CalculatorIsland, calculatorProps } from "../components/landing/Pricing";
import { translator } from "../content/catalogue";
import { dayOf } from "../content/dates";
import { sanitizeQuery, type CalculatorQuery } from "../shared/calculator";
import { LANGS, type Lang } from "../shared/languages";
import { renderCalculatorIsland } from "./calculatorTemplate";
import { loadConfig } from "./config";

const config = loadConfig({}).page;
const today = dayOf(new Date("2026-06-15T12:00:00Z"), config.timeZone).today;
const newProps = (lang: Lang) => calculatorProps({ config, lang, today, t: translator(lang), sprite: "/sprite.svg" });
// One props object per language, as render.tsx keeps it: the templates are kept per props object.
const PROPS = Object.fromEntries(LANGS.map((lang) => [lang, newProps(lang)])) as Record<
  Lang,
  ReturnType<typeof newProps>
>;
const propsOf = (lang: Lang) => PROPS[lang];
const react = (lang: Lang, query: CalculatorQuery) =>
  renderToString(<CalculatorIsland props={propsOf(lang)} query={query} />);

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
        expect(renderCalculatorIsland(propsOf(lang), query), `${round} ${JSON.stringify(query)}`).toBe(
          react(lang, query),
        );
  });

  it.each([
    ["markup", { leads: "<b>&'\"", interactions: "2" }],
    ["a backslash", { leads: "5\\", interactions: "2" }],
    ["a control character", { leads: "5", interactions: "2\u0001" }],
  ] as const)(
    "a value that is not plain (%s, unsanitized) is escaped as React and the props' JSON escape it",
    (_, query) => {
      for (const lang of LANGS) expect(renderCalculatorIsland(propsOf(lang), query)).toBe(react(lang, query));
    },
  );

  it("a query built with its fields in the other order: the same island as React renders for it", () => {
    const query = { interactions: "2", leads: "5" };
    for (const lang of LANGS) expect(renderCalculatorIsland(propsOf(lang), query)).toBe(react(lang, query));
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
    // New props: no template kept yet, so the first answer builds the one the second may fill.
    for (const lang of LANGS) {
      const props = newProps(lang);
      for (const query of queries) expect(renderCalculatorIsland(props, query)).toBe(react(lang, query));
    }
  });
});
