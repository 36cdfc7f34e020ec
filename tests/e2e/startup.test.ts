/*
 * The client's start-up work on the landing page, the one page with JavaScript (decisions 027 and
 * 029): it forces no layout while the page loads (the header height comes from a ResizeObserver's
 * report, the fold from an IntersectionObserver's), and the reveal hides a section only while it is
 * wholly below the viewport. The measurement's timing is in layout.test.ts, the reveal's fading in
 * reveal.test.ts.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { LANDING_PAGES } from "../fixtures";
import { DESKTOP, MOBILE, newPage, useSiteAndBrowser } from "./helpers";
import { useSharedPage } from "./shared-page";

const env = useSiteAndBrowser();
// The tests that only read share one page, each a first visit (decision 119); the positive control
// (its entry script rewritten) and the reveal's (a recording script in every document) have their own.
const { visit } = useSharedPage(env);

/** Waits until the entry has made its first layout pass, then for two frames and an idle main thread. */
async function settled(page: Page) {
  await page.waitForSelector("html[data-layout-passes]", { state: "attached" });
  await page.evaluate(
    () =>
      new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => requestIdleCallback(resolve)))),
  );
}

interface TraceEvent {
  name: string;
  args?: { beginData?: { stackTrace?: Array<{ url: string; functionName: string }> } };
}

/** Starts Chromium's tracing of the start-up's style and layout passes, with the script stack that asked for each. */
const startTracing = (page: Page) =>
  env.browser.startTracing(page, {
    categories: ["devtools.timeline", "disabled-by-default-devtools.timeline.stack"],
  });

/**
 * Loads `path` with Chromium tracing on and returns the forced style or layout passes a script of
 * the site asked for: Chromium records each with the script stack that asked for it.
 */
async function forcedLayouts(page: Page, path: string): Promise<string[]> {
  await startTracing(page);
  await page.goto(env.url + path);
  return tracedLayouts(page);
}

/** The forced style or layout passes of the site's scripts since startTracing(), once the page has settled. */
async function tracedLayouts(page: Page): Promise<string[]> {
  await settled(page);
  const { traceEvents } = JSON.parse((await env.browser.stopTracing()).toString()) as {
    traceEvents: TraceEvent[];
  };
  return traceEvents
    .filter((e) => e.name === "Layout" || e.name === "UpdateLayoutTree")
    .map((e) => e.args?.beginData?.stackTrace?.[0])
    .filter((frame) => frame?.url.startsWith(env.url))
    .map((frame) => `${frame!.url} ${frame!.functionName}`);
}

describe("start-up forces no layout", () => {
  it.each([...LANDING_PAGES.map((path) => [path, "mobile", MOBILE] as const), ["/", "desktop", DESKTOP] as const])(
    "%s (%s): no style or layout is computed on the site's scripts' demand",
    async (path, _n, viewport) => {
      // The previous document left before the trace starts: its own work after the viewport change
      // (its layout pass 250 ms after a resize) must not be recorded as this start-up's.
      const before = async (page: Page) => {
        await page.goto("about:blank");
        await startTracing(page);
      };
      const { page } = await visit(path, { viewport, before });
      expect(await tracedLayouts(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.dataset.layoutPasses)).toBe("1");
    },
  );

  it("the check sees a forced layout when the site's script asks for one (its positive control)", async () => {
    const { context, page } = await newPage(env.browser, { viewport: MOBILE });
    // The site's entry script with one forced layout added at its end: a style written, then a
    // layout property read at once, the pattern the start-up must never have.
    await page.route(/\/assets\/main-[^/]+\.js$/, async (route) => {
      const original = await (await route.fetch()).text();
      await route.fulfill({
        contentType: "text/javascript",
        body: `${original}\n;(function forceLayoutProbe() { document.body.style.paddingTop = "1px"; return document.body.offsetHeight; })();\n`,
      });
    });
    const forced = await forcedLayouts(page, "/");
    expect(forced).toContainEqual(expect.stringMatching(/\/assets\/main-[^/]+\.js forceLayoutProbe$/));
    await context.close();
  });
});

describe("the header height without a forced layout", () => {
  it("is the stylesheet's when the header has it, and follows a header that grew, 250 ms after a resize", async () => {
    const { page } = await visit("/", { viewport: MOBILE });
    await settled(page);
    const headerH = () =>
      page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue("--header-h"));
    const offset = () => page.getByRole("banner").evaluate((e) => `${(e as HTMLElement).offsetHeight}px`);
    expect(await headerH()).toBe(await offset());
    // The header grows (a longer bar, as a wrapped one would be): the next pass writes its height.
    await page.evaluate(() => {
      document.querySelector<HTMLElement>(".header-bar")!.style.minHeight = "90px";
      window.dispatchEvent(new Event("resize"));
    });
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.layoutPasses)).toBe("2");
    expect(await offset()).toBe("91px");
    expect(await headerH()).toBe("91px");
  });
});

describe("the reveal never hides what the visitor sees", () => {
  // Where each section is, in the viewport, at the moment it is hidden (read here, in the test's own
  // observer, after the page's code has run): in every document of this block's own page.
  const recording = useSharedPage(env, {
    init: () => {
      const hidden: Array<{ id: string; top: number; viewport: number }> = [];
      (window as unknown as { hidden: typeof hidden }).hidden = hidden;
      new MutationObserver((records) => {
        for (const r of records) {
          const el = r.target as HTMLElement;
          if (!el.classList.contains("reveal-pending") || (r.oldValue ?? "").includes("reveal-pending")) continue;
          hidden.push({ id: el.id, top: el.getBoundingClientRect().top, viewport: window.innerHeight });
        }
      }).observe(document, { subtree: true, attributes: true, attributeFilter: ["class"], attributeOldValue: true });
    },
  });
  it.each([
    ["/", MOBILE],
    ["/en", DESKTOP],
    ["/es", { width: 1440, height: 2400 }],
  ] as const)(
    "%s at %o: a section gets reveal-pending only while wholly below the viewport",
    async (path, viewport) => {
      const { page } = await recording.visit(path, { viewport });
      await settled(page);
      // The positive signal: the last section, below the fold at every size here, has been hidden.
      await page.waitForSelector("#faq.reveal-pending", { state: "attached" });
      const hidden = await page.evaluate(
        () => (window as unknown as { hidden: Array<{ id: string; top: number; viewport: number }> }).hidden,
      );
      for (const h of hidden) expect(h.top, h.id).toBeGreaterThan(h.viewport);
      // And every section the first screen shows stays shown.
      const onScreen = await page.$$eval(".reveal", (sections) =>
        sections.filter((s) => s.getBoundingClientRect().top < window.innerHeight).map((s) => s.id),
      );
      for (const id of onScreen) expect(hidden.map((h) => h.id)).not.toContain(id);
      if (viewport.height >= 2400) expect(onScreen.length).toBeGreaterThan(0);
    },
  );
});
