import { expect } from "vitest";
import { createApp } from "../../src/server/app";
import { calculatorProps, renderIsland } from "../../src/server/calculator/props";
import { renderPage, type RenderInput } from "../../src/server/render";
import type { PageDescriptor } from "../../src/pages";
import { sourceRef } from "../../src/content/source";
import type { CalculatorQuery } from "../../src/shared/calculator";
import { loadConfig } from "../../src/server/config";
import { CATALOGUES } from "../../src/content/catalogue";
import { SEGMENT_KEYS, segmentPath, type SegmentKey } from "../../src/content/segments";
import { LANGS } from "../../src/shared/languages";

/** 23:30 on 31 December 2026 in São Paulo, already 1 January 2027 in UTC. */
export const NEW_YEARS_EVE = new Date("2027-01-01T02:30:00Z");

export function makeApp(env: Record<string, string> = {}, now: () => Date = () => NEW_YEARS_EVE) {
  return createApp({ config: loadConfig(env), now });
}

/** A dotted catalogue key that leaked into a page instead of its text. */
export const LEAKED_KEY =
  /\b(meta|a11y|header|hero|features|industries|pricing|plans|calculator|faq|footer|notFound|error|common|privacy|terms)\.[a-zA-Z_]+\b/;

/**
 * One segment page per language for the byte budgets: the one with the most copy in that language
 * (the heaviest first response), found from the catalogues, so no test names a segment.
 */
export function heaviestSegmentPaths(): string[] {
  return LANGS.map((lang) => {
    const size = (key: SegmentKey) =>
      Object.entries(CATALOGUES[lang])
        .filter(([k]) => k.startsWith(`seg.${key}.`))
        .reduce((sum, [, text]) => sum + text.length, 0);
    const key = [...SEGMENT_KEYS].sort((a, b) => size(b) - size(a))[0];
    return segmentPath(lang, key);
  });
}

/**
 * An ad's page as a full render for a calculator answer gives it: the page rendered with no
 * answer, its calculator island (rendered once, with the props every answer on the page shares)
 * swapped for the island React renders for `query` (src/server/calculator/props.tsx). What a
 * spliced answer must equal, byte for byte.
 */
export function renderedAnswer(page: PageDescriptor, input: RenderInput, query: CalculatorQuery): string {
  const html = renderPage(page, input);
  const source = input.source ?? { page: page.adPage!, variant: null };
  const props = calculatorProps(input.settings, input.lang, sourceRef(source));
  const blank = renderIsland(props, {});
  expect(html.split(blank).length, "the island once in the page").toBe(2);
  return html.replace(blank, () => renderIsland(props, query));
}
