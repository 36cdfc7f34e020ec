/*
 * The two islands (src/islands/): the header (language dropdown, mobile menu, the saved language)
 * and the calculator, with JavaScript, without it, and how they load. The FAQ and the reveal have
 * their own files (faq.test.ts, reveal.test.ts), as has the layout measurement (layout.test.ts).
 */
import type { BrowserContextOptions, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { copy, monthly } from "../copy";
import { DESKTOP, MOBILE, hydrated, newPage, open as openOn, useSiteAndBrowser } from "./helpers";

const env = useSiteAndBrowser();

const open = (path: string, options: BrowserContextOptions = {}) => openOn(env, path, options);
const saved = (page: Page) => page.evaluate(() => localStorage.getItem("xia_lang"));
const expanded = (page: Page, selector: string) => page.getAttribute(selector, "aria-expanded");

describe("desktop language dropdown (1280×800)", () => {
  it("toggles with a click, closes on a click outside, tells its state", async () => {
    const { context, page, problems } = await open("/");
    expect(await expanded(page, ".lang-toggle")).toBe("false");
    expect(await page.isVisible("#lang-menu")).toBe(false);
    await page.click(".lang-toggle");
    expect(await expanded(page, ".lang-toggle")).toBe("true");
    expect(await page.isVisible("#lang-menu")).toBe(true);
    await page.click(".lang-toggle");
    expect(await page.isVisible("#lang-menu")).toBe(false);
    await page.click(".lang-toggle");
    await page.mouse.click(600, 500);
    expect(await page.isVisible("#lang-menu")).toBe(false);
    expect(await expanded(page, ".lang-toggle")).toBe("false");
    expect(problems).toEqual([]);
    await context.close();
  });

  it("works from the keyboard: Enter and Space toggle, Escape closes and returns focus", async () => {
    const { context, page } = await open("/");
    await page.focus(".lang-toggle");
    await page.keyboard.press("Enter");
    expect(await page.isVisible("#lang-menu")).toBe(true);
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Português");
    await page.keyboard.press("Escape");
    expect(await page.isVisible("#lang-menu")).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.classList.contains("lang-toggle"))).toBe(true);
    await page.keyboard.press(" ");
    expect(await page.isVisible("#lang-menu")).toBe(true);
    await page.keyboard.press(" ");
    expect(await page.isVisible("#lang-menu")).toBe(false);
    await context.close();
  });

  it("choosing a language saves it, closes the dropdown and goes to its URL keeping the section", async () => {
    const { context, page, problems } = await open("/#pricing");
    await page.click(".lang-toggle");
    await Promise.all([page.waitForURL(`${env.url}/en#pricing`), page.click('#lang-menu a[lang="en"]')]);
    expect(await saved(page)).toBe("en");
    expect(await page.getAttribute("html", "lang")).toBe("en");
    await hydrated(page);
    expect(await page.isVisible("#lang-menu")).toBe(false);
    // Back to Portuguese: saved too, and / shows Portuguese again.
    await page.click(".lang-toggle");
    await Promise.all([page.waitForURL(`${env.url}/#pricing`), page.click('#lang-menu a[lang="pt-BR"]')]);
    expect(await saved(page)).toBe("pt");
    expect(await page.getAttribute("html", "lang")).toBe("pt-BR");
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe("the section links are one tap away at every width", () => {
  // Below 1,100 px the links leave the bar (they do not fit beside every language's buttons); the
  // Menu button must stay until then, also from 768 px, where the bar gains the language switch.
  const SECTIONS = ["features", "industries", "pricing", "faq"];
  it.each([
    [768, true],
    [1024, true],
    [1099, false],
    [1100, true],
    [1280, false],
  ])("at %i px wide (JavaScript %s)", async (width, javaScriptEnabled) => {
    for (const [lang, path] of [
      ["pt", "/"],
      ["es", "/es"],
    ] as const) {
      const { context, page } = await open(path, { viewport: { width, height: 800 }, javaScriptEnabled });
      const names = SECTIONS.map((id) => copy(lang, `header.nav.${id}`));
      if (await page.isVisible(".nav-desktop")) {
        expect(await page.isVisible(".menu-toggle"), `${path} ${width}`).toBe(false);
        expect(await page.locator(".nav-desktop a").allTextContents()).toEqual(names);
      } else {
        expect(await page.isVisible(".menu-toggle"), `${path} ${width}: no section links and no Menu button`).toBe(
          true,
        );
        await page.click(".menu-toggle");
        await expect.poll(() => page.isVisible("#site-menu")).toBe(true);
        expect(await page.locator("#site-menu .mobile-nav a").allTextContents()).toEqual(names);
      }
      // Everything in the bar is inside the window.
      const right = await page.evaluate(() =>
        Math.max(...[...document.querySelectorAll(".header-bar > *")].map((e) => e.getBoundingClientRect().right)),
      );
      expect(right, `${path} ${width}`).toBeLessThanOrEqual(width);
      await context.close();
    }
  });
});

describe("mobile menu (390×844)", () => {
  it("hides the desktop nav behind a menu button that toggles the anchors and flag buttons", async () => {
    const { context, page, problems } = await open("/", { viewport: MOBILE });
    expect(await page.isVisible(".nav-desktop")).toBe(false);
    expect(await page.isVisible(".lang-toggle")).toBe(false);
    expect(await page.isVisible("#site-menu")).toBe(false);
    await page.click(".menu-toggle");
    expect(await expanded(page, ".menu-toggle")).toBe("true");
    expect(await page.isVisible("#site-menu")).toBe(true);
    expect(await page.locator("#site-menu .mobile-nav a").allTextContents()).toEqual(
      ["features", "industries", "pricing", "faq"].map((id) => copy("pt", `header.nav.${id}`)),
    );
    expect(await page.locator("#site-menu .flag-button").allTextContents()).toEqual([
      "Português",
      "English",
      "Español",
    ]);
    await page.click(".menu-toggle");
    expect(await page.isVisible("#site-menu")).toBe(false);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("choosing an anchor closes the menu and goes to the section", async () => {
    const { context, page } = await open("/", { viewport: MOBILE });
    await page.click(".menu-toggle");
    await page.click('#site-menu a[href="#faq"]');
    await page.waitForURL(/#faq$/);
    expect(await page.isVisible("#site-menu")).toBe(false);
    expect(await expanded(page, ".menu-toggle")).toBe("false");
    await context.close();
  });

  it("Escape closes the menu and returns focus to the menu button", async () => {
    const { context, page } = await open("/", { viewport: MOBILE });
    await page.focus(".menu-toggle");
    await page.keyboard.press("Enter");
    expect(await page.isVisible("#site-menu")).toBe(true);
    await page.keyboard.press("Escape");
    expect(await page.isVisible("#site-menu")).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.classList.contains("menu-toggle"))).toBe(true);
    await context.close();
  });

  it("choosing a flag saves the language, closes the menu and goes to its URL", async () => {
    const { context, page } = await open("/#features", { viewport: MOBILE });
    await page.click(".menu-toggle");
    await Promise.all([page.waitForURL(`${env.url}/es#features`), page.click('#site-menu a[lang="es"]')]);
    expect(await saved(page)).toBe("es");
    expect(await page.getAttribute("html", "lang")).toBe("es");
    expect(await page.isVisible("#site-menu")).toBe(false);
    await context.close();
  });
});

/** Records, in sessionStorage (kept across same-tab navigations), every paint of every document. */
const RECORD_PAINTS = () => {
  const lang = () => document.documentElement.lang;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      const log = JSON.parse(sessionStorage.getItem("paints") ?? "[]");
      log.push(`${e.name}:${lang()}:${location.search}`);
      sessionStorage.setItem("paints", JSON.stringify(log));
    }
  }).observe({ type: "paint", buffered: true });
};

describe.each([
  ["desktop", DESKTOP],
  ["mobile", MOBILE],
] as const)("returning visitor (%s)", (_n, viewport) => {
  async function visitWithSaved(value: string | null, path = "/#faq") {
    const context = await env.browser.newContext({ viewport });
    await context.addInitScript(
      ([v]) => {
        if (v !== null && !sessionStorage.getItem("seeded")) {
          localStorage.setItem("xia_lang", v);
          sessionStorage.setItem("seeded", "1");
        }
      },
      [value],
    );
    await context.addInitScript(RECORD_PAINTS);
    const page = await context.newPage();
    const documents: string[] = [];
    page.on("request", (r) => {
      if (r.resourceType() === "document") documents.push(r.url());
    });
    await page.goto(env.url + path);
    await page.waitForLoadState("load");
    // Wait until the document now showing has painted (its first contentful paint is in the log,
    // whatever its language). A paint of the Portuguese page before a redirect would come first.
    await page.waitForFunction(() =>
      (JSON.parse(sessionStorage.getItem("paints") ?? "[]") as string[]).includes(
        `first-contentful-paint:${document.documentElement.lang}:${location.search}`,
      ),
    );
    const paints: string[] = await page.evaluate(() => JSON.parse(sessionStorage.getItem("paints") ?? "[]"));
    return { context, page, documents, paints };
  }

  it.each(["en", "es"])("with %s saved, / shows that language and never paints Portuguese", async (lang) => {
    const { context, page, documents, paints } = await visitWithSaved(lang);
    expect(page.url()).toBe(`${env.url}/${lang}#faq`);
    expect(await page.getAttribute("html", "lang")).toBe(lang);
    expect(paints.length).toBeGreaterThan(0);
    expect(paints.filter((p) => p.includes(":pt-BR:"))).toEqual([]);
    expect(documents).toEqual([`${env.url}/#faq`.replace("#faq", ""), `${env.url}/${lang}`]);
    await context.close();
  });

  it("with en saved, an ad click on /?utm_source=x lands on /en?utm_source=x and never paints Portuguese", async () => {
    const { context, page, documents, paints } = await visitWithSaved("en", "/?utm_source=x");
    expect(page.url()).toBe(`${env.url}/en?utm_source=x`);
    expect(await page.getAttribute("html", "lang")).toBe("en");
    expect(paints.filter((p) => p.includes(":pt-BR:"))).toEqual([]);
    expect(documents).toEqual([`${env.url}/?utm_source=x`, `${env.url}/en?utm_source=x`]);
    await context.close();
  });

  it("with es saved, an explicit /en is never redirected", async () => {
    const { context, page, documents } = await visitWithSaved("es", "/en?utm_source=x#pricing");
    expect(page.url()).toBe(`${env.url}/en?utm_source=x#pricing`);
    expect(await page.getAttribute("html", "lang")).toBe("en");
    expect(documents).toHaveLength(1);
    await context.close();
  });

  it("with pt saved, or nothing saved, / stays Portuguese with one request and paints it (the detector works)", async () => {
    for (const value of ["pt", null]) {
      const { context, page, documents, paints } = await visitWithSaved(value);
      expect(page.url()).toBe(`${env.url}/#faq`);
      expect(documents).toHaveLength(1);
      expect(paints.some((p) => p.includes(":pt-BR:"))).toBe(true);
      await context.close();
    }
  });
});

describe.each([
  ["desktop", DESKTOP],
  ["mobile", MOBILE],
] as const)("storage that throws (%s)", (_n, viewport) => {
  it("is ignored: Portuguese, switching still works, nothing uncaught", async () => {
    const context = await env.browser.newContext({ viewport });
    await context.addInitScript(() => {
      Object.defineProperty(window, "localStorage", {
        get() {
          throw new DOMException("The operation is insecure.", "SecurityError");
        },
      });
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    page.on("console", (m) => {
      if (m.type() === "error") errors.push(m.text());
    });
    await page.goto(env.url + "/");
    await hydrated(page);
    expect(await page.getAttribute("html", "lang")).toBe("pt-BR");
    if (viewport === MOBILE) await page.click(".menu-toggle");
    else await page.click(".lang-toggle");
    const link = viewport === MOBILE ? '#site-menu a[lang="en"]' : '#lang-menu a[lang="en"]';
    await Promise.all([page.waitForURL(`${env.url}/en`), page.click(link)]);
    expect(await page.getAttribute("html", "lang")).toBe("en");
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe.each([
  ["desktop", DESKTOP],
  ["mobile", MOBILE],
] as const)("live calculator (%s)", (_n, viewport) => {
  it("updates as the visitor types and flags invalid input", async () => {
    const { context, page, problems } = await open("/en#calculator", { viewport });
    const result = () => page.locator(".calc-result").textContent();
    const en = (key: string) => copy("en", `calculator.${key}`);
    expect(await result()).toContain(en("example"));
    expect(await result()).toContain("25,000");
    // React renders after each input: the assertions that follow an input retry until it has.
    await page.fill("#calc-leads", "100");
    await page.fill("#calc-interactions", "3");
    await expect.poll(result).toContain(`${en("messages")} 300`);
    expect(await result()).toContain(`${en("creditsNeeded")} 3,000`);
    expect(await result()).toContain(`${en("recommended")} Starter ${monthly("en", "$39.40")}`);
    await page.fill("#calc-leads", "12001");
    await page.fill("#calc-interactions", "1");
    await expect.poll(result).toContain("Enterprise");
    await page.fill("#calc-leads", "abc");
    await expect.poll(() => page.getAttribute("#calc-leads", "aria-invalid")).toBe("true");
    expect(await page.textContent("#calc-leads-error")).toBe(en("errorLeads"));
    expect(await result()).toBe(en("invalid"));
    await page.fill("#calc-leads", "");
    await page.fill("#calc-interactions", "");
    await expect.poll(() => page.getAttribute("#calc-leads", "aria-invalid")).toBeNull();
    expect(await result()).toContain(en("example"));
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe.each([
  ["desktop", DESKTOP],
  ["mobile", MOBILE],
] as const)("without JavaScript (%s)", (_n, viewport) => {
  it("shows every section, switches language by link, opens menus, answers the calculator form", async () => {
    const { context, page } = await open("/", { viewport, javaScriptEnabled: false });
    for (const id of ["features", "industries", "pricing", "faq"]) {
      expect(await page.locator(`#${id}`).evaluate((e) => getComputedStyle(e).opacity), id).toBe("1");
    }
    if (viewport === MOBILE) {
      await page.click(".menu-toggle");
      expect(await page.isVisible("#site-menu")).toBe(true);
      await Promise.all([page.waitForURL(`${env.url}/en`), page.click('#site-menu a[lang="en"]')]);
    } else {
      await page.click(".lang-toggle");
      expect(await page.isVisible("#lang-menu")).toBe(true);
      await Promise.all([page.waitForURL(`${env.url}/en`), page.click('#lang-menu a[lang="en"]')]);
    }
    expect(await page.getAttribute("html", "lang")).toBe("en");
    await page.fill("#calc-leads", "2000");
    await page.fill("#calc-interactions", "6");
    await Promise.all([page.waitForURL(/leads=2000/), page.click(".calc-submit")]);
    expect(page.url()).toBe(`${env.url}/en?leads=2000&interactions=6#pricing`);
    expect(await page.locator(".calc-result").textContent()).toContain(
      `${copy("en", "calculator.recommended")} Scale ${monthly("en", "$197.10")}`,
    );
    await page.locator(".faq-item summary").first().click();
    expect(await page.locator(".faq-item").first().getAttribute("open")).toBe("");
    await context.close();
  });
});

describe("islands load on demand", () => {
  it("loads only the entry before the visitor reaches an island, then hydrates on the first pointer", async () => {
    const { context, page, problems } = await newPage(env.browser);
    const scripts: string[] = [];
    page.on("request", (r) => {
      if (r.resourceType() === "script") scripts.push(new URL(r.url()).pathname);
    });
    await page.goto(env.url + "/");
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
    await context.close();
  });

  it("hydrates when the calculator nears the viewport", async () => {
    const { context, page } = await newPage(env.browser, { viewport: MOBILE });
    await page.goto(env.url + "/es#calculator");
    await page.waitForSelector('[data-island="calculator"][data-hydrated]', { state: "attached" });
    await context.close();
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
    await page.tap(".menu-toggle").catch(() => page.click(".menu-toggle"));
    expect(await page.isVisible("#site-menu")).toBe(true);
    expect(page.url()).toBe(`${env.url}/#site-menu`);
    release();
    await page.waitForSelector('[data-island="header"][data-hydrated]', { state: "attached" });
    await page.waitForFunction(() => location.hash === "");
    expect(await page.isVisible("#site-menu")).toBe(true);
    expect(await expanded(page, ".menu-toggle")).toBe("true");
    await page.keyboard.press("Escape");
    expect(await page.isVisible("#site-menu")).toBe(false);
    expect(problems).toEqual([]);
    await context.close();
  });
});
