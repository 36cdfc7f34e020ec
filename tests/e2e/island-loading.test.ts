/*
 * When the islands load: only the client entry until the visitor reaches an island, then on the
 * first pointer or as the calculator nears; a tap before React arrives is kept. Without JavaScript
 * at all, every section shows and the header's links and the calculator's form do the islands' work.
 */
import { describe, expect, it } from "vitest";
import { copy, monthly } from "../copy";
import type { Request } from "playwright-core";
import { DESKTOP, MOBILE, hydrated, newPage, useSiteAndBrowser } from "./helpers";
import { useSharedPage } from "./shared-page";
import { calculator, header } from "./visitor";

const env = useSiteAndBrowser();
// Nothing here is stored: the tests share a page with JavaScript and one without, each a first
// visit (decision 119), but the tap held before React, whose page holds the islands' request.
const withJs = useSharedPage(env);
const withoutJs = useSharedPage(env, { javaScriptEnabled: false });
/** The scripts the current test's document requested, in order. */
let scripts: string[] = [];
const record = (r: Request) => {
  if (r.resourceType() === "script") scripts.push(new URL(r.url()).pathname);
};

describe.each([
  ["desktop", DESKTOP],
  ["mobile", MOBILE],
] as const)("without JavaScript (%s)", (_n, viewport) => {
  it("shows every section, switches language by link, opens menus, answers the calculator form", async () => {
    const { page } = await withoutJs.visit("/", { viewport });
    for (const id of ["features", "industries", "pricing", "faq"]) {
      const section = page.getByRole("region", { name: copy("pt", `${id}.title`) });
      expect(await section.evaluate((e) => getComputedStyle(e).opacity), id).toBe("1");
    }
    const { menuButton, languageButton, languageList, language } = header(page, "pt");
    await (viewport === MOBILE ? menuButton : languageButton).click();
    expect(await languageList.isVisible()).toBe(true);
    await Promise.all([page.waitForURL(`${env.url}/en`), language("en").click()]);
    expect(await page.getAttribute("html", "lang")).toBe("en");
    const { leads, interactions, submit, result } = calculator(page, "en");
    await leads.fill("2000");
    await interactions.fill("6");
    await Promise.all([page.waitForURL(/leads=2000/), submit.click()]);
    expect(page.url()).toBe(`${env.url}/en?leads=2000&interactions=6#pricing`);
    expect(await result.textContent()).toContain(
      `${copy("en", "calculator.recommended")} Scale ${monthly("en", "$197.10")}`,
    );
    const question = page.getByRole("group").filter({ hasText: copy("en", "faq.accounts.q") });
    await question.getByText(copy("en", "faq.accounts.q")).click();
    expect(await question.getAttribute("open")).toBe("");
  });
});

describe("islands load on demand", () => {
  it("loads only the entry before the visitor reaches an island, then hydrates on the first pointer", async () => {
    scripts = [];
    const { page, problems } = await withJs.visit("/", {
      before: (page) => {
        page.off("request", record);
        page.on("request", record);
      },
    });
    // What must not happen is island code loading by itself. The positive signal that the page has
    // had every chance to: an IntersectionObserver of the test's own, with the calculator trigger's
    // margin, reports the calculator out of reach (the page's observer, created before it, is told
    // the same in the same rendering update), and the main thread has gone idle after that.
    const nearCalculator = await page.evaluate(
      () =>
        new Promise<boolean>((resolve) => {
          const io = new IntersectionObserver(
            (entries) => {
              io.disconnect();
              const near = entries.some((e) => e.isIntersecting);
              requestIdleCallback(() => resolve(near));
            },
            { rootMargin: "400px 0px" },
          );
          io.observe(document.querySelector('[data-island="calculator"]')!);
        }),
    );
    expect(nearCalculator).toBe(false);
    // The entry alone: it imports nothing, no shared chunk (decision 027).
    expect(scripts).toEqual([expect.stringMatching(/^\/assets\/main-\w+\.js$/)]);
    await hydrated(page);
    // Then the islands' code, and the React chunk it imports.
    expect(scripts.slice(1)).toEqual([
      expect.stringMatching(/^\/assets\/islands-\w+\.js$/),
      expect.stringMatching(/^\/assets\/chunk-\w+\.js$/),
    ]);
    expect(problems).toEqual([]);
    page.off("request", record);
  });

  it("hydrates when the calculator nears the viewport", async () => {
    const { page } = await withJs.visit("/es#calculator", { viewport: MOBILE });
    await page.waitForSelector('[data-island="calculator"][data-hydrated]', { state: "attached" });
  });

  it("a tap before React has arrived still opens the menu, and the hydrated header takes it over", async () => {
    const { context, page, problems } = await newPage(env.browser, { viewport: MOBILE });
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route(/\/assets\/islands-/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(env.url + "/");
    const { nav, menuButton } = header(page, "pt");
    await menuButton.tap().catch(() => menuButton.click());
    expect(await nav.isVisible()).toBe(true);
    expect(page.url()).toBe(`${env.url}/#site-menu`);
    release();
    await page.waitForSelector('[data-island="header"][data-hydrated]', { state: "attached" });
    await page.waitForFunction(() => location.hash === "");
    expect(await nav.isVisible()).toBe(true);
    expect(await menuButton.getAttribute("aria-expanded")).toBe("true");
    await page.keyboard.press("Escape");
    expect(await nav.isVisible()).toBe(false);
    expect(problems).toEqual([]);
    await context.close();
  });
});
