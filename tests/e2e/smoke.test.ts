import { describe, expect, it } from "vitest";
import { LEGAL_LANG } from "../../src/content/catalogue";
import { LANGS } from "../../src/shared/languages";
import { EXPECTED_LANGUAGE, MISSING_PAGES } from "../fixtures";
import { DESKTOP, MOBILE, hydrated, ready, resize, useSiteAndBrowser } from "./helpers";
import { useSharedPage } from "./shared-page";

const env = useSiteAndBrowser();
// Every test here only reads: one page for the file, each test a first visit (decision 119); each
// document records the CSP violations it sees.
const { visit } = useSharedPage(env, {
  init: () => {
    (window as unknown as { cspViolations: string[] }).cspViolations = [];
    document.addEventListener("securitypolicyviolation", (e) =>
      (window as unknown as { cspViolations: string[] }).cspViolations.push(`${e.violatedDirective} ${e.blockedURI}`),
    );
  },
});

const legal = EXPECTED_LANGUAGE[LEGAL_LANG].htmlLang;
/** [path, the document's lang, status]: each landing page, the legal pages, a 404 per language. */
const PAGES: Array<readonly [string, string, number]> = [
  ...LANGS.map((l) => [EXPECTED_LANGUAGE[l].path, EXPECTED_LANGUAGE[l].htmlLang, 200] as const),
  ["/privacy", legal, 200],
  ["/terms", legal, 200],
  ["/privacy?lang=en", legal, 200],
  ["/terms?lang=es", legal, 200],
  ...LANGS.map((l, i) => [MISSING_PAGES[i], EXPECTED_LANGUAGE[l].htmlLang, 404] as const),
];

describe("every page loads cleanly (desktop and mobile)", () => {
  // One load per page at the phone's size, then the same document resized to the desktop's (the
  // client's layout pass after it awaited): what the console, the CSP and the network saw covers
  // both sizes, and the horizontal scroll is checked at each.
  it.each(PAGES)(
    "%s: %s, status %i, no console error, no CSP violation, no failed request, no horizontal scroll at 390 or 1280",
    async (path, lang, status) => {
      const { page, problems, response } = await visit(path, { viewport: MOBILE });
      expect(response?.status()).toBe(status);
      await ready(page);
      if (path === "/" || path.startsWith("/?")) await hydrated(page);
      expect(await page.getAttribute("html", "lang")).toBe(lang);
      const scroll: Record<string, number> = {};
      for (const [name, viewport] of [
        ["mobile", MOBILE],
        ["desktop", DESKTOP],
      ] as const) {
        if (viewport !== MOBILE) await resize(page, viewport);
        scroll[name] = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      }
      expect(scroll.mobile).toBeLessThanOrEqual(0);
      expect(scroll.desktop).toBeLessThanOrEqual(0);
      // Chromium logs a 404 document's own status by itself; that is the only allowed message there.
      const expected =
        status === 404
          ? [`HTTP 404: ${env.url}${path}`, expect.stringMatching(/^console error: Failed to load resource: .*404/)]
          : [];
      expect(problems).toEqual(expected);
      expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
    },
  );
});
