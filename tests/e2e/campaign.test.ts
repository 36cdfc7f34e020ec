/**
 * Campaign attribution in the browser (client/attribution.ts): the ad's parameters reach every link
 * to APP_URL, on every page, after a language switch and after the calculator re-renders; nothing
 * breaks when storage throws; no cookie; without JavaScript the links stay plain.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { copy, legalCopy } from "../copy";
import { hydrated, MOBILE, useSiteAndBrowser } from "./helpers";
import { useSharedPage } from "./shared-page";
import { calculator, header } from "./visitor";
import { SALES_PATH } from "../../src/shared/sales";

const APP = "https://app.xia.test/";
const env = useSiteAndBrowser({ APP_URL: APP, SALES_WHATSAPP: "5511987654321" });
const AD = "utm_source=ig&fbclid=AbC_123";
// A page with JavaScript, one whose storage throws and one without JavaScript, each test a first
// visit in one of them (decision 126: the session's campaign and the saved language are cleared).
const withJs = useSharedPage(env);
const throwing = useSharedPage(env, {
  init: () => {
    for (const name of ["localStorage", "sessionStorage"])
      Object.defineProperty(window, name, {
        get() {
          throw new DOMException("The operation is insecure.", "SecurityError");
        },
      });
  },
});
const withoutJs = useSharedPage(env, { javaScriptEnabled: false });

/** The href of every link into the application, as the page has it now. */
const appLinks = (page: Page) =>
  page.$$eval(
    "a[href]",
    (links, app) => links.map((a) => a.getAttribute("href")!).filter((h) => h.startsWith(app)),
    APP,
  );

/** Waits until every APP_URL link on the page carries exactly `query`, and there are at least `min`. */
async function expectAllCarry(page: Page, query: string, min = 1) {
  await expect
    .poll(async () => {
      const links = await appLinks(page);
      return links.length >= min && links.every((h) => h === `${APP}?${query}`) ? "ok" : links;
    })
    .toBe("ok");
}

/** Nothing of the campaign (or anything else) was kept in a cookie. */
async function expectNoCookies(page: Page) {
  expect(await page.context().cookies()).toEqual([]);
}

describe("attribution carried to the application", () => {
  // One journey, one first load (issue 39): arriving, hydrating, switching, /privacy and back.
  it("arriving on /es?utm_source=ig&fbclid=AbC_123 every APP_URL link carries both, unchanged; after switching to English and after visiting /privacy, still carried", async () => {
    const { page, problems } = await withJs.visit(`/es?${AD}#pricing`);
    // Header (sign in, sign up, mobile menu), hero, four plans, calculator, FAQ, footer (two).
    await expectAllCarry(page, AD, 12);
    // Hydrating the islands changes nothing.
    await hydrated(page);
    await expectAllCarry(page, AD, 12);
    expect(problems).toEqual([]);
    await header(page, "es").languageButton.click();
    await Promise.all([page.waitForURL(`${env.url}/en?${AD}#pricing`), header(page, "es").language("en").click()]);
    await expectAllCarry(page, AD, 12);

    // The legal page's links are plain in its HTML; the session still holds the campaign.
    const privacy = page.getByRole("contentinfo").getByRole("link", { name: copy("en", "footer.privacy") });
    await Promise.all([page.waitForURL(`${env.url}/privacy`), privacy.click()]);
    await expectAllCarry(page, AD, 0);
    // Back to the landing page by its plain link: the saved English takes it to /en, links carry.
    const back = page.getByRole("main").getByRole("link", { name: legalCopy("common.back") });
    await Promise.all([page.waitForURL(`${env.url}/en`), back.click()]);
    await expectAllCarry(page, AD, 12);
    // client/head.ts replaces `/` from its <head>: when the rest of that document is still arriving,
    // Chromium reports it aborted (seen once on CI). Any other failure still counts.
    expect(problems.filter((p) => p !== `request failed: ${env.url}/ net::ERR_ABORTED`)).toEqual([]);
    await expectNoCookies(page);
  });

  it("the calculator's result button carries them after typing, and Enterprise talks to sales", async () => {
    const { page } = await withJs.visit(`/es?${AD}#calculator`, { viewport: MOBILE });
    await page.waitForSelector('[data-island="calculator"][data-hydrated]', { state: "attached" });
    const { leads, result } = calculator(page, "es");
    const button = result.getByRole("link");
    await leads.fill("abc"); // no result: the button goes away
    await expect.poll(() => button.count()).toBe(0);
    await leads.fill("100"); // a new button
    await expect.poll(() => button.getAttribute("href")).toBe(`${APP}?${AD}`);
    await leads.fill("1000000"); // Enterprise: the sales link (decision 069), nothing appended before a click
    await expect.poll(() => button.textContent()).toBe(copy("es", "plans.enterprise.cta"));
    expect(await button.getAttribute("href")).toBe(`${SALES_PATH}?page=/es&plan=enterprise`);
    await leads.fill("70"); // React sets the app link back: carried again
    await expect.poll(() => button.getAttribute("href")).toBe(`${APP}?${AD}`);
    await expectNoCookies(page);
  });

  it("the first set seen in the session wins; other names and values over 200 characters are ignored", async () => {
    const long = "x".repeat(201);
    const { page } = await withJs.visit(`/en?utm_campaign=ver%C3%A3o+2026&email=a%40b.c&gclid=${long}&lang=es`);
    await expectAllCarry(page, "utm_campaign=ver%C3%A3o+2026", 12);
    await page.goto(`${env.url}/es?utm_source=google&gclid=second`);
    await expectAllCarry(page, "utm_campaign=ver%C3%A3o+2026", 12);
    await expectNoCookies(page);
  });

  it("a URL without campaign parameters leaves the links plain", async () => {
    const { page } = await withJs.visit("/en?leads=5&ref=newsletter");
    await expect.poll(() => page.evaluate(() => document.readyState)).toBe("complete");
    const links = await appLinks(page);
    expect(links.length).toBeGreaterThanOrEqual(12);
    expect(links.every((h) => h === APP)).toBe(true);
    await expectNoCookies(page);
  });
});

describe("storage that throws", () => {
  it("breaks nothing: this page's links carry the URL's values, the switch keeps them in the URL", async () => {
    const { page, problems } = await throwing.visit(`/es?${AD}`);
    await expectAllCarry(page, AD, 12);
    await hydrated(page);
    await header(page, "es").languageButton.click();
    await Promise.all([page.waitForURL(`${env.url}/en?${AD}`), header(page, "es").language("en").click()]);
    expect(await page.getAttribute("html", "lang")).toBe("en");
    await expectAllCarry(page, AD, 12);
    expect(problems).toEqual([]);
    await expectNoCookies(page);
  });
});

describe("without JavaScript", () => {
  it("an ad click gets plain links and a working page (the rest: island-loading.test.ts, without JavaScript)", async () => {
    const { page, problems } = await withoutJs.visit(`/es?${AD}#calculator`);
    const links = await appLinks(page);
    expect(links.length).toBeGreaterThanOrEqual(12);
    expect(links.every((h) => h === APP)).toBe(true);
    // The language links, as the opened dropdown shows them: plain too.
    const { languageButton, languageList } = header(page, "es");
    await languageButton.click();
    expect(await languageList.getByRole("link").evaluateAll((as) => as.map((a) => a.getAttribute("href")))).toEqual([
      "/",
      "/en",
      "/es",
    ]);
    const { leads, interactions, submit, result } = calculator(page, "es");
    await leads.fill("5000");
    await interactions.fill("1");
    await Promise.all([page.waitForURL(/leads=5000/), submit.click()]);
    expect(page.url()).toBe(`${env.url}/es?leads=5000&interactions=1#pricing`);
    expect(await result.getByRole("link").getAttribute("href")).toBe(APP);
    expect(problems).toEqual([]);
    await expectNoCookies(page);
  });
});
