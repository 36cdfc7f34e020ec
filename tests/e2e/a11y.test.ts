/*
 * Accessibility in Chromium: axe-core (WCAG 2.0–2.2 A/AA and best practices, tests/e2e/axe.ts) on
 * every page at both sizes and with the header's menus open, then the keyboard and 200 % zoom.
 */
import { describe, expect, it } from "vitest";
import type { Lang } from "../../src/shared/languages";
import { copy } from "../copy";
import { EVERY_PAGE, SEGMENT_SAMPLE } from "../fixtures";
import { axeViolations } from "./axe";
import { DESKTOP, MOBILE, hydrated, resize, useSiteAndBrowser } from "./helpers";
import { useSharedPage } from "./shared-page";
import { focused, header } from "./visitor";

const env = useSiteAndBrowser();
// Every test here only reads (no choice stored): one page for the file, each test a first visit
// (decision 119).
const { visit } = useSharedPage(env);

/**
 * The pages axe checks, one line each: a URL and whether its header's menus are checked open too.
 * To check a new page, add its line here. Each line costs one page load (in the file's page):
 * axe runs at 1280×800, then the same document is resized to 390×844 and axe runs again; a line with
 * `menus` adds the language dropdown open at 1280 and the menu open at 390, each checked in the
 * header, the part of the document that opening it changes (four analyses in all; decision 125).
 * The header is one component on every page, so its open states are checked once per language.
 */
const PAGES: Array<[path: string, menus: boolean]> = [
  ["/", true],
  ["/en", true],
  ["/es", true],
  ["/?leads=abc&interactions=5", false], // the calculator's answer to invalid input, without JavaScript's help
  ["/privacy", false],
  ["/terms", false],
  ["/missing", false],
  ["/en/missing", false],
  ["/es/missing", false],
  // A segment page per language: the landing page's frame around the segment's own sections (its
  // header's open states are the landing page's, checked above).
  ...SEGMENT_SAMPLE.map((path): [string, boolean] => [path, false]),
];

const SIZE = { [DESKTOP.width]: "1280×800", [MOBILE.width]: "390×844" };

describe("axe-core: WCAG 2.x A/AA and best practices", () => {
  it("checks every page of the fixtures (tests/fixtures.ts EVERY_PAGE)", () => {
    expect(PAGES.map(([path]) => path)).toEqual(expect.arrayContaining(EVERY_PAGE));
  });

  it.each(PAGES)("%s: no violations at either size (menus open too: %s)", async (path, menus) => {
    const { page } = await visit(path, { viewport: DESKTOP, reducedMotion: "reduce" });
    const islands = (await page.locator("[data-island]").count()) > 0;
    if (islands) await hydrated(page);
    const lang = ((await page.getAttribute("html", "lang")) ?? "").slice(0, 2) as Lang;
    const found: Record<string, string[]> = {};
    for (const viewport of [DESKTOP, MOBILE]) {
      if (viewport !== DESKTOP) await resize(page, viewport);
      found[SIZE[viewport.width]] = await axeViolations(page);
      if (!menus) continue;
      // The dropdown at 1280, the menu at 390: what the header shows at each size.
      const toggle = viewport === DESKTOP ? header(page, lang).languageButton : header(page, lang).menuButton;
      await toggle.click();
      await expect.poll(() => toggle.getAttribute("aria-expanded")).toBe("true");
      // Opening a menu changes the header (the toggle's state, the list or menu shown over the page);
      // the rest of this document was checked whole just above (decision 125).
      found[`${SIZE[viewport.width]}, ${viewport === DESKTOP ? "dropdown" : "menu"} open`] = await axeViolations(
        page,
        page.getByRole("banner"),
      );
      await toggle.click();
      await expect.poll(() => toggle.getAttribute("aria-expanded")).toBe("false");
    }
    expect(found).toEqual(Object.fromEntries(Object.keys(found).map((state) => [state, []])));
  });
});
describe("keyboard and zoom", () => {
  it("the skip link is the first stop and moves focus to the main content", async () => {
    const { page } = await visit("/");
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: copy("pt", "a11y.skip") });
    expect(await focused(skip)).toBe(true);
    expect(await skip.getAttribute("href")).toBe("#main");
    expect(await skip.isVisible()).toBe(true);
    await page.keyboard.press("Enter");
    expect(await focused(page.getByRole("main"))).toBe(true);
  });

  it("every control is reachable by Tab in document order, with a visible focus indicator", async () => {
    const { page } = await visit("/");
    await hydrated(page);
    const seen: string[] = [];
    for (let i = 0; i < 200; i++) {
      await page.keyboard.press("Tab");
      const info = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement;
        if (el === document.body) return null; // past the last control
        const style = getComputedStyle(el);
        return {
          text: (el.getAttribute("href") ?? (el.id || el.tagName)) + "",
          outline: style.outlineStyle !== "none" && parseFloat(style.outlineWidth) >= 2,
        };
      });
      if (!info) break;
      expect(info.outline, info.text).toBe(true);
      seen.push(info.text);
    }
    expect(seen.length).toBeGreaterThan(40);
    expect(seen).toContain("calc-leads");
    expect(seen).toContain("/privacy");
    expect(seen.slice(0, 6)).toEqual(["#main", "#top", "#features", "#industries", "#pricing", "#faq"]);
    expect(seen).toContain("#lang-menu");
  });

  it("is usable at 200 % zoom (640 CSS px wide) and at 320 px: no horizontal scroll, menu reachable", async () => {
    for (const viewport of [
      { width: 640, height: 400 },
      { width: 320, height: 568 },
    ]) {
      const { page } = await visit("/es", { viewport });
      await hydrated(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        0,
      );
      const { menuButton, language } = header(page, "es");
      await menuButton.click();
      expect(await language("es").isVisible()).toBe(true);
    }
  });
});
