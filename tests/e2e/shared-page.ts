/**
 * One page for the tests of a file that only read what a page shows (decision 119): a new browser
 * context and page costs Chromium about 1 CPU-second, a navigation in an open page about 0.4. Each
 * `visit()` starts as a first visit does: the site's storage and cookies cleared, the viewport and
 * reduced-motion setting the test asks for, the problems seen before it forgotten. A test that
 * makes the site store something (a consent choice, a chosen language, campaign parameters) or
 * needs a context option a page cannot change (JavaScript off, storage that throws) keeps a
 * context of its own (`open()`, `newPage()` in helpers.ts).
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { DESKTOP, watch } from "./helpers";

interface Visit {
  viewport?: { width: number; height: number };
  reducedMotion?: "reduce" | "no-preference";
  /** Done just before the navigation, on the page as it is then (a listener added, tracing started). */
  before?: (page: Page) => Promise<void> | void;
}

/**
 * The page, opened before the file's (or the describe block's) first test and closed after its last;
 * `init` runs in every document it loads, before the page's own scripts (`page.addInitScript`);
 * `javaScriptEnabled: false` gives a page without JavaScript.
 */
export function useSharedPage(
  env: { url: string; browser: Browser },
  { init, javaScriptEnabled = true }: { init?: () => void; javaScriptEnabled?: boolean } = {},
) {
  const shared = {} as { context: BrowserContext; page: Page; problems: string[] };
  beforeAll(async () => {
    shared.context = await env.browser.newContext({ viewport: DESKTOP, javaScriptEnabled });
    shared.page = await shared.context.newPage();
    shared.problems = watch(shared.page);
    if (init) await shared.page.addInitScript(init);
  });
  afterAll(async () => {
    await shared.context?.close();
  });
  return {
    /** The shared page at `path` as a first visit gets it (not awaited beyond `goto`'s load event). */
    async visit(path: string, { viewport = DESKTOP, reducedMotion = "no-preference", before }: Visit = {}) {
      const { context, page, problems } = shared;
      // Without JavaScript, page.evaluate still runs (playwright's own world), so storage is cleared too.
      if (page.url().startsWith(env.url))
        await page.evaluate(() => {
          localStorage.clear();
          sessionStorage.clear();
        });
      await context.clearCookies();
      await page.setViewportSize(viewport);
      await page.emulateMedia({ reducedMotion });
      problems.length = 0;
      // A URL that differs from the current one only by its #section would scroll, not load.
      const target = env.url + path;
      if (target.includes("#") && page.url().split("#")[0] === target.split("#")[0]) await page.goto("about:blank");
      await before?.(page);
      const response = await page.goto(target);
      return { page, problems, response };
    },
  };
}
