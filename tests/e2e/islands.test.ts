/*
 * The two islands (src/islands/): the header (language dropdown, mobile menu, the saved language)
 * and the calculator, with JavaScript, without it, and how they load. The FAQ and the reveal have
 * their own files (faq.test.ts, reveal.test.ts), as has the layout measurement (layout.test.ts).
 */
import type { BrowserContextOptions, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { copy, monthly } from "../copy";
import { calculator, description, focused, header } from "./visitor";
import { DESKTOP, MOBILE, hydrated, newPage, open as openOn, useSiteAndBrowser } from "./helpers";

const env = useSiteAndBrowser();

const open = (path: string, options: BrowserContextOptions = {}) => openOn(env, path, options);
const saved = (page: Page) => page.evaluate(() => localStorage.getItem("xia_lang"));

describe("desktop language dropdown (1280×800)", () => {
  it("toggles with a click, closes on a click outside, tells its state", async () => {
    const { context, page, problems } = await open("/");
    const { languageButton, languageList } = header(page, "pt");
    expect(await languageButton.getAttribute("aria-expanded")).toBe("false");
    expect(await languageList.isVisible()).toBe(false);
    await languageButton.click();
    expect(await languageButton.getAttribute("aria-expanded")).toBe("true");
    expect(await languageList.isVisible()).toBe(true);
    await languageButton.click();
    expect(await languageList.isVisible()).toBe(false);
    await languageButton.click();
    await page.mouse.click(600, 500);
    expect(await languageList.isVisible()).toBe(false);
    expect(await languageButton.getAttribute("aria-expanded")).toBe("false");
    expect(problems).toEqual([]);
    await context.close();
  });

  it("works from the keyboard: Enter and Space toggle, Escape closes and returns focus", async () => {
    const { context, page } = await open("/");
    const { languageButton, languageList, language } = header(page, "pt");
    await languageButton.focus();
    await page.keyboard.press("Enter");
    expect(await languageList.isVisible()).toBe(true);
    await page.keyboard.press("Tab");
    expect(await focused(language("pt"))).toBe(true);
    await page.keyboard.press("Escape");
    expect(await languageList.isVisible()).toBe(false);
    expect(await focused(languageButton)).toBe(true);
    await page.keyboard.press(" ");
    expect(await languageList.isVisible()).toBe(true);
    await page.keyboard.press(" ");
    expect(await languageList.isVisible()).toBe(false);
    await context.close();
  });

  it("choosing a language saves it, closes the dropdown and goes to its URL keeping the section", async () => {
    const { context, page, problems } = await open("/#pricing");
    await header(page, "pt").languageButton.click();
    await Promise.all([page.waitForURL(`${env.url}/en#pricing`), header(page, "pt").language("en").click()]);
    expect(await saved(page)).toBe("en");
    expect(await page.getAttribute("html", "lang")).toBe("en");
    await hydrated(page);
    expect(await header(page, "en").languageList.isVisible()).toBe(false);
    // Back to Portuguese: saved too, and / shows Portuguese again.
    await header(page, "en").languageButton.click();
    await Promise.all([page.waitForURL(`${env.url}/#pricing`), header(page, "en").language("pt").click()]);
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
      const { nav, menuButton } = header(page, lang);
      if (await nav.isVisible()) {
        // The links in the bar, and no Menu button beside them.
        expect(await menuButton.isVisible(), `${path} ${width}`).toBe(false);
      } else {
        expect(await menuButton.isVisible(), `${path} ${width}: no section links and no Menu button`).toBe(true);
        await menuButton.click();
        await expect.poll(() => nav.isVisible()).toBe(true);
      }
      expect(await nav.getByRole("link").allTextContents()).toEqual(names);
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
    const { nav, languageButton, languageList, menuButton } = header(page, "pt");
    // Nothing of the header's lists is shown but the Menu button: no section links, no dropdown.
    expect(await nav.isVisible()).toBe(false);
    expect(await languageButton.isVisible()).toBe(false);
    expect(await languageList.isVisible()).toBe(false);
    await menuButton.click();
    expect(await menuButton.getAttribute("aria-expanded")).toBe("true");
    expect(await nav.getByRole("link").allTextContents()).toEqual(
      ["features", "industries", "pricing", "faq"].map((id) => copy("pt", `header.nav.${id}`)),
    );
    expect(await languageList.getByRole("link").allTextContents()).toEqual(["Português", "English", "Español"]);
    await menuButton.click();
    expect(await nav.isVisible()).toBe(false);
    expect(await languageList.isVisible()).toBe(false);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("choosing an anchor closes the menu and goes to the section", async () => {
    const { context, page } = await open("/", { viewport: MOBILE });
    const { nav, menuButton } = header(page, "pt");
    await menuButton.click();
    await nav.getByRole("link", { name: copy("pt", "header.nav.faq") }).click();
    await page.waitForURL(/#faq$/);
    expect(await nav.isVisible()).toBe(false);
    expect(await menuButton.getAttribute("aria-expanded")).toBe("false");
    await context.close();
  });

  it("Escape closes the menu and returns focus to the menu button", async () => {
    const { context, page } = await open("/", { viewport: MOBILE });
    const { nav, menuButton } = header(page, "pt");
    await menuButton.focus();
    await page.keyboard.press("Enter");
    expect(await nav.isVisible()).toBe(true);
    // Into the menu first: Escape must bring the focus back, not leave it where it is.
    await page.keyboard.press("Tab");
    expect(await focused(nav.getByRole("link").first())).toBe(true);
    await page.keyboard.press("Escape");
    expect(await nav.isVisible()).toBe(false);
    expect(await focused(menuButton)).toBe(true);
    await context.close();
  });

  it("choosing a flag saves the language, closes the menu and goes to its URL", async () => {
    const { context, page } = await open("/#features", { viewport: MOBILE });
    await header(page, "pt").menuButton.click();
    await Promise.all([page.waitForURL(`${env.url}/es#features`), header(page, "pt").language("es").click()]);
    expect(await saved(page)).toBe("es");
    expect(await page.getAttribute("html", "lang")).toBe("es");
    expect(await header(page, "es").nav.isVisible()).toBe(false);
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
    const { menuButton, languageButton, language } = header(page, "pt");
    await (viewport === MOBILE ? menuButton : languageButton).click();
    await Promise.all([page.waitForURL(`${env.url}/en`), language("en").click()]);
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
    const { leads, interactions, result: output } = calculator(page, "en");
    const result = () => output.textContent();
    const en = (key: string) => copy("en", `calculator.${key}`);
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
