/**
 * axe-core in a page, the way the browser tests run it: WCAG 2.0–2.2 A/AA and best practices, every
 * rule of those tags, violations only. axe is injected once per document (a page checked in several
 * states pays for it once) and run with `axe.run` in the page itself. @axe-core/playwright's default
 * `analyze()` injects axe again for every analysis and finishes each in a blank page of its own,
 * and it builds the full result (every passing node, with its selector and markup) that these tests
 * never read: about three times the cost of the analysis itself (docs/testing.md, "Browser tests").
 */
import axe from "axe-core";
import type { Locator, Page } from "playwright-core";

export const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];

/**
 * Each violation as one line: rule, impact, the first five nodes (selector and what fails). The whole
 * document, or only `within` (an element and what it contains, axe's `include` context): a state that
 * changes one part of a document already checked whole (a menu opened) is checked there (decision 125).
 */
export async function axeViolations(page: Page, within?: Locator): Promise<string[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axe.source);
  const context = within ? await within.elementHandle() : null;
  const violations = await page.evaluate(
    async ([tags, element]) =>
      (
        await (window as unknown as { axe: typeof axe }).axe.run(element ? { include: [element] } : document, {
          runOnly: { type: "tag", values: tags },
          resultTypes: ["violations"],
        })
      ).violations,
    [AXE_TAGS, context] as const,
  );
  await context?.dispose();
  return violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.nodes
        .slice(0, 5)
        .map((n) => `${n.target.join(" ")} ${n.failureSummary ?? ""}`)
        .join(" | ")}`,
  );
}
