/*
 * The header island (src/islands/Header.tsx): the language dropdown, the section links at every
 * width, the mobile menu, on the landing page and on a segment page in each language (the switcher
 * goes to the same segment). The saved language is saved-language.test.ts; the islands without
 * JavaScript and how they load, island-loading.test.ts.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { LANGS, LANGUAGE_INFO } from "../../src/shared/languages";
import { segmentPath } from "../../src/content/segments";
import { copy } from "../copy";
import { SEGMENT_SAMPLE_PAGES } from "../fixtures";
import { DESKTOP, MOBILE, hydrated, resize, useSiteAndBrowser } from "./helpers";
import { useSharedPage } from "./shared-page";
import { focused, header, savedLanguage } from "./visitor";

const env = useSiteAndBrowser();
// The tests share a page with JavaScript and one without, each test a first visit (decisions 119 and
// 126: a language chosen, saved in storage, is cleared before the next visit).
const withJs = useSharedPage(env);
const withoutJs = useSharedPage(env, { javaScriptEnabled: false });
/** The shared page at `path`, hydrated as after a visitor's first pointer (as open() does). */
async function visitHydrated(path: string, viewport = DESKTOP) {
  const visited = await withJs.visit(path, { viewport });
  await hydrated(visited.page);
  return visited;
}
const SECTIONS = ["features", "industries", "pricing", "faq"];

describe("desktop language dropdown (1280×800)", () => {
  it("toggles with a click, closes on a click outside, tells its state", async () => {
    const { page, problems } = await visitHydrated("/");
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
  });

  it("works from the keyboard: Enter and Space toggle, Escape closes and returns focus", async () => {
    const { page } = await visitHydrated("/");
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
  });

  it("choosing a language saves it, closes the dropdown and goes to its URL keeping the section", async () => {
    const { page, problems } = await visitHydrated("/#pricing");
    await header(page, "pt").languageButton.click();
    await Promise.all([page.waitForURL(`${env.url}/en#pricing`), header(page, "pt").language("en").click()]);
    expect(await savedLanguage(page)).toBe("en");
    expect(await page.getAttribute("html", "lang")).toBe("en");
    await hydrated(page);
    expect(await header(page, "en").languageList.isVisible()).toBe(false);
    // Back to Portuguese: saved too, and / shows Portuguese again.
    await header(page, "en").languageButton.click();
    await Promise.all([page.waitForURL(`${env.url}/#pricing`), header(page, "en").language("pt").click()]);
    expect(await savedLanguage(page)).toBe("pt");
    expect(await page.getAttribute("html", "lang")).toBe("pt-BR");
    expect(problems).toEqual([]);
  });
});

describe("the section links are one tap away at every width", () => {
  // Below 1,100 px the links leave the bar (they do not fit beside every language's buttons); the
  // Menu button must stay until then, also from 768 px, where the bar gains the language switch.
  // One load per page and JavaScript setting, resized through its widths (with JavaScript, the
  // client's layout pass after each awaited); a menu opened at one width is closed before the next, so each width starts
  // as a fresh page at that width would.
  it.each([
    [true, [1100, 768, 1024]],
    [false, [1280, 1099]],
  ] as const)("JavaScript %s, at %j px wide", async (javaScriptEnabled, widths) => {
    for (const [lang, path] of [
      ["pt", "/"],
      ["es", "/es"],
    ] as const) {
      const viewport = { width: widths[0], height: 800 };
      const { page } = javaScriptEnabled
        ? await visitHydrated(path, viewport)
        : await withoutJs.visit(path, { viewport });
      const names = SECTIONS.map((id) => copy(lang, `header.nav.${id}`));
      const { nav, menuButton } = header(page, lang);
      for (const width of widths) {
        // Without JavaScript there is no layout pass to wait for (and no frame callback runs).
        if (width !== widths[0])
          await (javaScriptEnabled
            ? resize(page, { width, height: 800 })
            : page.setViewportSize({ width, height: 800 }));
        let opened = false;
        if (await nav.isVisible()) {
          // The links in the bar, and no Menu button beside them.
          expect(await menuButton.isVisible(), `${path} ${width}`).toBe(false);
        } else {
          expect(await menuButton.isVisible(), `${path} ${width}: no section links and no Menu button`).toBe(true);
          await menuButton.click();
          await expect.poll(() => nav.isVisible()).toBe(true);
          opened = true;
        }
        expect(await nav.getByRole("link").allTextContents()).toEqual(names);
        // Everything in the bar is inside the window.
        const right = await page.evaluate(() =>
          Math.max(...[...document.querySelectorAll(".header-bar > *")].map((e) => e.getBoundingClientRect().right)),
        );
        expect(right, `${path} ${width}`).toBeLessThanOrEqual(width);
        if (opened && width !== widths.at(-1)) {
          await menuButton.click();
          await expect.poll(() => nav.isVisible()).toBe(false);
        }
      }
    }
  });
});

describe("mobile menu (390×844)", () => {
  it("hides the desktop nav behind a menu button that toggles the anchors and flag buttons; Escape closes it and returns focus; choosing an anchor closes it and goes to the section", async () => {
    const { page, problems } = await visitHydrated("/", MOBILE);
    const { nav, languageButton, languageList, menuButton } = header(page, "pt");
    // Nothing of the header's lists is shown but the Menu button: no section links, no dropdown.
    expect(await nav.isVisible()).toBe(false);
    expect(await languageButton.isVisible()).toBe(false);
    expect(await languageList.isVisible()).toBe(false);
    await menuButton.click();
    expect(await menuButton.getAttribute("aria-expanded")).toBe("true");
    expect(await nav.getByRole("link").allTextContents()).toEqual(SECTIONS.map((id) => copy("pt", `header.nav.${id}`)));
    expect(await languageList.getByRole("link").allTextContents()).toEqual(["Português", "English", "Español"]);
    await menuButton.click();
    expect(await nav.isVisible()).toBe(false);
    expect(await languageList.isVisible()).toBe(false);

    // The same page, the menu closed again (one load for three checks, issue 39): Escape closes
    // the menu and returns focus to the menu button.
    await menuButton.focus();
    await page.keyboard.press("Enter");
    expect(await nav.isVisible()).toBe(true);
    // Into the menu first: Escape must bring the focus back, not leave it where it is.
    await page.keyboard.press("Tab");
    expect(await focused(nav.getByRole("link").first())).toBe(true);
    await page.keyboard.press("Escape");
    expect(await nav.isVisible()).toBe(false);
    expect(await focused(menuButton)).toBe(true);

    // Choosing an anchor closes the menu and goes to the section.
    await menuButton.click();
    await nav.getByRole("link", { name: copy("pt", "header.nav.faq") }).click();
    await page.waitForURL(/#faq$/);
    expect(await nav.isVisible()).toBe(false);
    expect(await menuButton.getAttribute("aria-expanded")).toBe("false");
    expect(problems).toEqual([]);
  });

  it("choosing a flag saves the language, closes the menu and goes to its URL", async () => {
    const { page } = await visitHydrated("/#features", MOBILE);
    await header(page, "pt").menuButton.click();
    await Promise.all([page.waitForURL(`${env.url}/es#features`), header(page, "pt").language("es").click()]);
    expect(await savedLanguage(page)).toBe("es");
    expect(await page.getAttribute("html", "lang")).toBe("es");
    expect(await header(page, "es").nav.isVisible()).toBe(false);
  });
});

/** Does `act` and waits until the page's URL is another (a path, a query or a section): the URL it went to. */
async function goneFrom(page: Page, act: () => Promise<void>): Promise<string> {
  const from = page.url();
  await Promise.all([page.waitForURL((url) => url.href !== from), act()]);
  return page.url();
}

describe.each(SEGMENT_SAMPLE_PAGES)("the header on a segment page ($path)", ({ key, lang, path }) => {
  // The next language in the table: each sample page switches to another one.
  const other = LANGS[(LANGS.indexOf(lang) + 1) % LANGS.length];
  const there = segmentPath(other, key);

  // One load per language, at the phone's width: the switcher's links are the dropdown's (checked
  // open and closed on the landing page above), so the desktop dropdown is not loaded again here.
  it("hydrates; the menu's anchor lands on this page's section, its flag on the same segment in the other language, query and section kept", async () => {
    const { page, problems } = await visitHydrated(`${path}?utm_source=x`, MOBILE);
    const { nav, menuButton, languageList, language } = header(page, lang);
    expect(await nav.isVisible()).toBe(false);
    await menuButton.click();
    expect(await menuButton.getAttribute("aria-expanded")).toBe("true");
    expect(await nav.getByRole("link").allTextContents()).toEqual(SECTIONS.map((id) => copy(lang, `header.nav.${id}`)));
    expect(await languageList.getByRole("link").allTextContents()).toEqual(LANGS.map((l) => LANGUAGE_INFO[l].name));
    const faq = nav.getByRole("link", { name: copy(lang, "header.nav.faq") });
    expect(await goneFrom(page, () => faq.click())).toBe(`${env.url}${path}?utm_source=x#faq`);
    expect(await nav.isVisible()).toBe(false);
    expect(await menuButton.getAttribute("aria-expanded")).toBe("false");
    await menuButton.click();
    expect(await goneFrom(page, () => language(other).click())).toBe(`${env.url}${there}?utm_source=x#faq`);
    expect(await page.getAttribute("html", "lang")).toBe(LANGUAGE_INFO[other].htmlLang);
    expect(await savedLanguage(page)).toBe(other);
    await hydrated(page);
    expect(await header(page, other).nav.isVisible()).toBe(false);
    expect(problems).toEqual([]);
  });
});
