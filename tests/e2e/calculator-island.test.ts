/*
 * The calculator island (src/islands/Calculator.tsx) as a visitor uses it: it answers as they type
 * and flags invalid input, on the landing page and on a segment page in each language. Without
 * JavaScript its GET form on a segment page is read and answered over HTTP
 * (tests/http/segment-urls.test.ts, decision 127); Chromium submits the landing page's same form
 * without JavaScript in island-loading.test.ts.
 */
import { describe, expect, it } from "vitest";
import { copy, monthly } from "../copy";
import { SEGMENT_SAMPLE_PAGES } from "../fixtures";
import { DESKTOP, MOBILE, hydrated, resize, useSiteAndBrowser } from "./helpers";
import { useSharedPage } from "./shared-page";
import { calculator, description } from "./visitor";

const env = useSiteAndBrowser();
// Typing in the calculator stores nothing: one page for the file, each test a first visit (decision 119).
const withJs = useSharedPage(env);
/** The page with JavaScript at `path`, hydrated as after a visitor's first pointer. */
async function visitHydrated(path: string, viewport: { width: number; height: number }) {
  const visited = await withJs.visit(path, { viewport });
  await hydrated(visited.page);
  return visited;
}

// One journey, one load (issue 39): the visitor types at desktop width, then again after a resize to mobile.
describe("live calculator", () => {
  it("updates as the visitor types and flags invalid input, at desktop then mobile width", async () => {
    const { page, problems } = await visitHydrated("/en#calculator", DESKTOP);
    const { leads, interactions, result: output } = calculator(page, "en");
    const result = () => output.textContent();
    const en = (key: string) => copy("en", `calculator.${key}`);
    for (const viewport of [DESKTOP, MOBILE]) {
      if (viewport === MOBILE) await resize(page, MOBILE);
      expect(await result()).toContain(en("example"));
      expect(await result()).toContain("25,000");
      // React renders after each input: the assertions that follow an input retry until it has.
      await leads.fill("100");
      await interactions.fill("3");
      await expect.poll(result).toContain(`${en("messages")} 300`);
      expect(await result()).toContain(`${en("creditsNeeded")} 3,000`);
      expect(await result()).toContain(`${en("recommended")} Starter ${monthly("en", "$39.40")}`);
      await leads.fill("12001");
      await interactions.fill("1");
      await expect.poll(result).toContain("Enterprise");
      await leads.fill("abc");
      await expect.poll(() => leads.getAttribute("aria-invalid")).toBe("true");
      // The error is the field's description (aria-describedby), as a screen reader announces it.
      expect(await description(leads)).toBe(en("errorLeads"));
      expect(await result()).toBe(en("invalid"));
      await leads.fill("");
      await interactions.fill("");
      await expect.poll(() => leads.getAttribute("aria-invalid")).toBeNull();
      expect(await description(leads)).toBe("");
      expect(await result()).toContain(en("example"));
    }
    expect(problems).toEqual([]);
  });
});

describe.each(SEGMENT_SAMPLE_PAGES)("the calculator on a segment page ($path)", ({ lang, path }) => {
  const says = (key: string) => copy(lang, `calculator.${key}`);

  it("hydrates and answers as the visitor types", async () => {
    const { page, problems } = await visitHydrated(`${path}#calculator`, MOBILE);
    const { leads, interactions, result } = calculator(page, lang);
    await leads.fill("100");
    await interactions.fill("3");
    await expect.poll(() => result.textContent()).toContain(`${says("messages")} 300`);
    expect(await result.textContent()).toContain(`${says("recommended")} Starter`);
    expect(problems).toEqual([]);
  });
});
