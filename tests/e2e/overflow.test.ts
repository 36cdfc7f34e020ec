import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { EVERY_PAGE, LANDING_PAGES, SEGMENT_SAMPLE } from "../fixtures";
import { MOBILE, ready, resize, useSiteAndBrowser } from "./helpers";
import { useSharedPage } from "./shared-page";

const env = useSiteAndBrowser();
// Every test here only reads: one page for the file, each test a first visit (decision 119).
const { visit } = useSharedPage(env);

const PAGES = EVERY_PAGE;

/** Every element drawn past either side of the window ("tag.class left…right"); visually hidden text aside. */
const overflowingElements = (page: Page) =>
  page.evaluate(() => {
    const out: string[] = [];
    for (const el of document.body.querySelectorAll("*")) {
      // Visually hidden text is clipped to 1 px on purpose.
      if (el.closest(".visually-hidden")) continue;
      const r = el.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) continue;
      if (r.left < -0.5 || r.right > window.innerWidth + 0.5)
        out.push(
          `${el.tagName.toLowerCase()}.${el.getAttribute("class") ?? ""} ${r.left.toFixed(0)}…${r.right.toFixed(0)}`,
        );
    }
    return out;
  });

describe("nothing overflows the viewport at 320 and 360 px", () => {
  // One load per page, at 320 px then resized to 360 (the client's layout pass after it awaited):
  // the same document at both widths, as a phone turned or a window narrowed shows it.
  const WIDTHS = [320, 360];
  it.each(PAGES)("%s (every <details> opened)", async (path) => {
    const { page } = await visit(path, { viewport: { width: WIDTHS[0], height: 800 }, reducedMotion: "reduce" });
    await ready(page);
    await page.evaluate(() => document.querySelectorAll("details").forEach((d) => (d.open = true)));
    const found: Record<number, string[]> = {};
    for (const width of WIDTHS) {
      if (width !== WIDTHS[0]) await resize(page, { width, height: 800 });
      found[width] = await overflowingElements(page);
      if (await page.evaluate((w) => document.documentElement.scrollWidth > w, width)) found[width].push("scrollWidth");
    }
    expect(found).toEqual(Object.fromEntries(WIDTHS.map((w) => [w, []])));
  });
});

describe("segment pages: nothing overflows from 320 to 1440 px", () => {
  // One load per page, resized through the widths the screenshots script checks: the segment's own
  // sections in the landing page's frame. The client's layout pass after a resize (250 ms later)
  // sets only the header's height for anchor scrolling, nothing horizontal, so it is not awaited:
  // reading the boxes lays the page out at the new width. The load is
  // also smoke.test.ts's check for these pages: no console error (a CSP violation is one), no
  // failed request.
  const WIDTHS = [320, 360, 390, 768, 1024, 1280, 1440];
  it.each(SEGMENT_SAMPLE)("%s (every <details> opened)", async (path) => {
    const { page, problems } = await visit(path, {
      viewport: { width: WIDTHS[0], height: 800 },
      reducedMotion: "reduce",
    });
    await ready(page);
    await page.evaluate(() => document.querySelectorAll("details").forEach((d) => (d.open = true)));
    const found: Record<number, string[]> = {};
    for (const width of WIDTHS) {
      if (width !== WIDTHS[0]) await page.setViewportSize({ width, height: 800 });
      found[width] = await overflowingElements(page);
      if (await page.evaluate((w) => document.documentElement.scrollWidth > w, width)) found[width].push("scrollWidth");
    }
    expect(found).toEqual(Object.fromEntries(WIDTHS.map((w) => [w, []])));
    expect(problems).toEqual([]);
  });
});

describe("icons in Chromium", () => {
  it.each(LANDING_PAGES)(
    "%s: every feature and industry icon is drawn from the sprite and left out of the accessibility tree",
    async (path) => {
      const { page, problems } = await visit(path, { viewport: MOBILE });
      await ready(page);
      const icons = page.locator(".feature svg.icon, .industry-grid svg.icon");
      expect(await icons.count()).toBe(36);
      // The referenced symbol resolved: the <use> has the icon's geometry.
      await expect
        .poll(() =>
          icons.evaluateAll((svgs) => svgs.filter((s) => s.querySelector("use")!.getBBox().width === 0).length),
        )
        .toBe(0);
      const cdp = await page.context().newCDPSession(page);
      await cdp.send("DOM.enable");
      await cdp.send("Accessibility.enable");
      const { root } = await cdp.send("DOM.getDocument");
      const { nodeIds } = await cdp.send("DOM.querySelectorAll", {
        nodeId: root.nodeId,
        selector: ".feature svg.icon, .industry-grid svg.icon",
      });
      for (const nodeId of nodeIds) {
        const { nodes } = await cdp.send("Accessibility.getPartialAXTree", { nodeId, fetchRelatives: false });
        expect(nodes[0].ignored).toBe(true);
        expect(nodes[0].name?.value ?? "").toBe("");
      }
      await cdp.detach();
      expect(problems).toEqual([]);
    },
  );
});
