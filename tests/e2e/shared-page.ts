/**
 * One page for the tests of a file that only read what a page shows (decision 119): a new browser
 * context and page costs Chromium about 1 CPU-second, a navigation in an open page about 0.4. Each
 * `visit()` starts as a first visit does: the site's storage and cookies cleared, the viewport and
 * reduced-motion setting the test asks for, the problems seen before it forgotten. A test that
 * makes the site store something (a consent choice, a chosen language, campaign parameters) or
 * needs a context option a page cannot change (JavaScript off, storage that throws) keeps a
 * context of its own (`open()`, `newPage()` in helpers.ts).
 */
import type { BrowserContext, Page } from "playwright-core";
import { afterAll } from "vitest";
import { DESKTOP, isWorkerSite, watch, type SiteAndBrowser } from "./helpers";

export interface Visit {
  viewport?: { width: number; height: number };
  reducedMotion?: "reduce" | "no-preference";
  /** Done just before the navigation, on the page as it is then (a listener added, tracing started). */
  before?: (page: Page) => Promise<void> | void;
}

interface Shared {
  context: BrowserContext;
  page: Page;
  problems: string[];
}

/**
 * The worker's plain pages (no `init`, no `setup`) on its default site, one with JavaScript and one
 * without, kept from one file to the next (decision 137): each visit is a first visit already, so
 * a file's first test need not pay for a new context (about 1–1.4 CPU-s of Chromium).
 */
const workerPages = new Map<boolean, Promise<Shared>>();

/**
 * The page, opened at the first `visit()` of the file (or describe block) and closed after its last
 * test (on the worker's default site, a plain page stays open for the worker's next files); `init` runs in every document it loads, before the page's own scripts (`page.addInitScript`);
 * `javaScriptEnabled: false` gives a page without JavaScript; `setup` is done once on the new context
 * (the third parties' stand-ins as routes, the same for every test: decision 126).
 */
export function useSharedPage(
  env: SiteAndBrowser,
  {
    init,
    javaScriptEnabled = true,
    setup,
  }: { init?: () => void; javaScriptEnabled?: boolean; setup?: (context: BrowserContext) => Promise<void> } = {},
) {
  let shared: Shared | undefined;
  let kept = false;
  async function create(): Promise<Shared> {
    const context = await env.browser.newContext({ viewport: DESKTOP, javaScriptEnabled });
    await setup?.(context);
    const page = await context.newPage();
    const created = { context, page, problems: watch(page) };
    if (init) await page.addInitScript(init);
    return created;
  }
  async function opened() {
    if (shared) return shared;
    kept = !init && !setup && isWorkerSite(env);
    if (!kept) return (shared = await create());
    let page = workerPages.get(javaScriptEnabled);
    if (!page) workerPages.set(javaScriptEnabled, (page = create()));
    return (shared = await page);
  }
  afterAll(async () => {
    if (!shared) return;
    if (!kept) return shared.context.close();
    // The worker's page stays for its next file; a page a test opened from it goes with this file.
    for (const other of shared.context.pages()) if (other !== shared.page) await other.close();
  });
  return {
    /** The shared page at `path` as a first visit gets it (not awaited beyond `goto`'s load event). */
    async visit(path: string, { viewport = DESKTOP, reducedMotion = "no-preference", before }: Visit = {}) {
      const { context, page, problems } = await opened();
      // A page a test opened from this one (a link to another tab) goes with that test.
      for (const other of context.pages()) if (other !== page) await other.close();
      // The site's storage is cleared from a document of the site; a page that left the site (only
      // the first visit starts elsewhere, on about:blank) would keep it, so that is refused.
      if (page.url().startsWith(env.url))
        // Without JavaScript, page.evaluate still runs (playwright's own world), so storage is cleared
        // too; where a test made storage throw, nothing can have been stored.
        await page.evaluate(() => {
          for (const storage of ["localStorage", "sessionStorage"] as const)
            try {
              window[storage].clear();
            } catch {
              // storage that throws (an init script's): nothing can have been stored
            }
        });
      else if (page.url() !== "about:blank")
        throw new Error(`the shared page left the site (${page.url()}): such a test needs a context of its own`);
      await context.clearCookies();
      await page.setViewportSize(viewport);
      await page.emulateMedia({ reducedMotion });
      problems.length = 0;
      // A URL that differs from the current one only by its #section would scroll, not load.
      const target = env.url + path;
      if (target.includes("#") && page.url().split("#")[0] === target.split("#")[0]) await page.goto("about:blank");
      await before?.(page);
      const response = await page.goto(target);
      return { context, page, problems, response };
    },
  };
}
