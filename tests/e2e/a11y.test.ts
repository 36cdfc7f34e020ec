import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { EVERY_PAGE } from "../fixtures";
import { DESKTOP, MOBILE, hydrated, useSiteAndBrowser } from "./helpers";

const env = useSiteAndBrowser();

const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];
type State = "default" | "dropdown open" | "menu open";
const CASES: Array<[string, typeof DESKTOP, State]> = [];
for (const path of [...EVERY_PAGE, "/?leads=abc&interactions=5"]) {
  CASES.push([path, DESKTOP, "default"], [path, MOBILE, "default"]);
}
for (const path of ["/", "/en", "/es"]) CASES.push([path, DESKTOP, "dropdown open"], [path, MOBILE, "menu open"]);

async function violations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  return results.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.nodes
        .map((n) => n.target.join(" "))
        .slice(0, 5)
        .join(" | ")}`,
  );
}

describe("axe-core: WCAG 2.x A/AA and best practices", () => {
  it.each(CASES)("%s at %j, %s: no violations", async (path, viewport, state) => {
    const context = await env.browser.newContext({ viewport, reducedMotion: "reduce" });
    const page = await context.newPage();
    await page.goto(env.url + path);
    if (!path.endsWith("/missing") && !path.startsWith("/privacy") && !path.startsWith("/terms")) {
      await hydrated(page);
    }
    if (state === "dropdown open") await page.click(".lang-toggle");
    if (state === "menu open") await page.click(".menu-toggle");
    expect(await violations(page)).toEqual([]);
    await context.close();
  });
});

describe("keyboard and zoom", () => {
  it("the skip link is the first stop and moves focus to the main content", async () => {
    const context = await env.browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await page.goto(env.url + "/");
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("href"))).toBe("#main");
    expect(await page.isVisible(".skip-link")).toBe(true);
    await page.keyboard.press("Enter");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("main");
    await context.close();
  });

  it("every control is reachable by Tab in document order, with a visible focus indicator", async () => {
    const context = await env.browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await page.goto(env.url + "/");
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
    await context.close();
  });

  it("is usable at 200 % zoom (640 CSS px wide) and at 320 px: no horizontal scroll, menu reachable", async () => {
    for (const viewport of [
      { width: 640, height: 400 },
      { width: 320, height: 568 },
    ]) {
      const context = await env.browser.newContext({ viewport });
      const page = await context.newPage();
      await page.goto(env.url + "/es");
      await hydrated(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        0,
      );
      await page.click(".menu-toggle");
      expect(await page.isVisible("#site-menu .flag-button[lang='es']")).toBe(true);
      await context.close();
    }
  });
});
