import { describe, expect, it } from "vitest";
import { DESKTOP, MOBILE, hydrated, newPage, ready, useSiteAndBrowser } from "./helpers";

const env = useSiteAndBrowser();

const PAGES = [
  ["/", "pt-BR", 200],
  ["/en", "en", 200],
  ["/es", "es", 200],
  ["/privacy", "pt-BR", 200],
  ["/terms", "pt-BR", 200],
  ["/privacy?lang=en", "pt-BR", 200],
  ["/terms?lang=es", "pt-BR", 200],
  ["/missing", "pt-BR", 404],
  ["/en/missing", "en", 404],
  ["/es/missing", "es", 404],
] as const;

describe.each([
  ["desktop", DESKTOP],
  ["mobile", MOBILE],
] as const)("every page loads cleanly (%s)", (_name, viewport) => {
  it.each(PAGES)(
    "%s: %s, status %i, no console error, no CSP violation, no failed request, no horizontal scroll",
    async (path, lang, status) => {
      const { context, page, problems } = await newPage(env.browser, { viewport });
      await context.addInitScript(() => {
        (window as unknown as { cspViolations: string[] }).cspViolations = [];
        document.addEventListener("securitypolicyviolation", (e) =>
          (window as unknown as { cspViolations: string[] }).cspViolations.push(
            `${e.violatedDirective} ${e.blockedURI}`,
          ),
        );
      });
      const response = await page.goto(env.url + path, { waitUntil: "load" });
      expect(response?.status()).toBe(status);
      await ready(page);
      if (path === "/" || path.startsWith("/?")) await hydrated(page);
      expect(await page.getAttribute("html", "lang")).toBe(lang);
      // Chromium logs a 404 document's own status by itself; that is the only allowed message there.
      const expected =
        status === 404
          ? [`HTTP 404: ${env.url}${path}`, expect.stringMatching(/^console error: Failed to load resource: .*404/)]
          : [];
      expect(problems).toEqual(expected);
      expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        0,
      );
      await context.close();
    },
  );
});
