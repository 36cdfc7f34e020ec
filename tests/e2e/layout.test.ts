/*
 * The layout measurement (client/layout.ts): the header height behind the #anchor offset, taken
 * once at start and again 250 ms after the last of a burst of resize events, not on each event.
 */
import { describe, expect, it } from "vitest";
import { MOBILE, open, useSiteAndBrowser } from "./helpers";

const env = useSiteAndBrowser();

type Timed = Window & { passTimes: number[] };

describe("layout after resizes", () => {
  it("recalculates layout once, 250 ms after the last of a burst of resizes", async () => {
    const { context, page } = await open(env, "/");
    const passes = () => page.evaluate(() => Number(document.documentElement.dataset.layoutPasses));
    const passTimes = () => page.evaluate(() => (window as unknown as Timed).passTimes);
    // When each later pass happens: every pass rewrites data-layout-passes.
    await page.evaluate(() => {
      const timed = window as unknown as Timed;
      timed.passTimes = [];
      new MutationObserver((records) => {
        for (const _ of records) timed.passTimes.push(performance.now());
      }).observe(document.documentElement, { attributeFilter: ["data-layout-passes"] });
    });
    const before = await passes();
    // A burst of resize events at most one per frame, as a dragged window sends them, for at least
    // 150 ms; resolves with the time of the last one.
    const lastResize = await page.evaluate(async () => {
      const start = performance.now();
      do {
        window.dispatchEvent(new Event("resize"));
        await new Promise(requestAnimationFrame);
      } while (performance.now() - start < 150);
      window.dispatchEvent(new Event("resize"));
      return performance.now();
    });
    // Wait for the one pass, then check that it came 250 ms after the LAST event. A pass timed from
    // an earlier event of the burst would have come by lastResize + 100 ms, before this one, so the
    // single entry in passTimes also shows that the burst caused no other pass.
    await expect.poll(passes).toBe(before + 1);
    const [first, ...others] = await passTimes();
    expect(others).toEqual([]);
    expect(first - lastResize).toBeGreaterThanOrEqual(240);
    // A real resize: one more pass, and the header height it measured is the one now shown.
    await page.setViewportSize(MOBILE);
    await expect.poll(passes).toBe(before + 2);
    expect(await passTimes()).toHaveLength(2);
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue("--header-h"))).toBe(
      `${await page.getByRole("banner").evaluate((e) => (e as HTMLElement).offsetHeight)}px`,
    );
    await context.close();
  });
});
