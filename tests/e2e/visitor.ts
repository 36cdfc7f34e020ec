/**
 * The landing page's controls as a visitor (or assistive technology) finds them: by role and
 * accessible name, the names read from the catalogues (tests/copy.ts). Hidden elements are not
 * matched (playwright's role locators skip what is out of the accessibility tree), so a list or a
 * navigation that has one copy in the bar and one in the mobile menu is found where it is shown.
 */
import type { Locator, Page } from "playwright-core";
import { LANGUAGE_INFO, type Lang } from "../../src/shared/languages";
import { copy } from "../copy";

/** The header of a page in `lang`: its toggles, the language list shown, the section links shown. */
export function header(page: Page, lang: Lang) {
  return {
    /** The language dropdown's toggle ("Idioma: Português"): a button once hydrated, a link to the list before. */
    languageButton: page.getByRole("button", { name: `${copy(lang, "header.language")}: ${LANGUAGE_INFO[lang].name}` }),
    /** The language list shown: the dropdown's at desktop widths, the menu's below. */
    languageList: page.getByRole("list", { name: copy(lang, "header.languageList") }),
    /** The link to a language, by its own name ("English"), wherever the list is shown. */
    language: (to: Lang) => page.getByRole("link", { name: LANGUAGE_INFO[to].name, exact: true }),
    menuButton: page.getByRole("button", { name: copy(lang, "header.menu"), exact: true }),
    /** The section links shown: in the bar at wide screens, in the open menu below. */
    nav: page.getByRole("navigation", { name: copy(lang, "header.navLabel") }),
  };
}

/** The plan calculator of a page in `lang`: its two fields by label, the button, the result (an <output>, role status). */
export function calculator(page: Page, lang: Lang) {
  return {
    leads: page.getByLabel(copy(lang, "calculator.leads"), { exact: true }),
    interactions: page.getByLabel(copy(lang, "calculator.interactions"), { exact: true }),
    submit: page.getByRole("button", { name: copy(lang, "calculator.submit"), exact: true }),
    result: page.getByRole("status"),
  };
}

/** Whether the element is the one with the keyboard focus. */
export const focused = (locator: Locator) => locator.evaluate((e) => e === document.activeElement);

/** The element's accessible description from aria-describedby, as a screen reader announces it ("" when none). */
export const description = (locator: Locator) =>
  locator.evaluate((e) =>
    (e.getAttribute("aria-describedby") ?? "")
      .split(/\s+/)
      .map((id) => (id ? (document.getElementById(id)?.textContent ?? "") : ""))
      .join(" ")
      .trim(),
  );

/** The language the header saved for the next visit (localStorage), null when none. */
export const savedLanguage = (page: Page) => page.evaluate(() => localStorage.getItem("xia_lang"));
