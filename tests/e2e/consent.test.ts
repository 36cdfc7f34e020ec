/**
 * Measurement and consent in Chromium (decisions 044-047), with every tool configured. Nothing
 * leaves the machine: Google's, Meta's and Plausible's hosts (and APP_URL and wa.me, which clicks
 * lead to) are answered by request interception with small stub scripts that record what they
 * are told, as the real tags would receive it (the dataLayer, fbq's queue, plausible's queue).
 */
import type { BrowserContext, BrowserContextOptions, Page } from "playwright-core";
import { isDeepStrictEqual } from "node:util";
import { describe, expect, it } from "vitest";
import { CONSENT_KEY } from "../../src/shared/measurement";
import { copy, type CopyLang } from "../copy";
import { ALL_MEASUREMENT_ENV } from "../fixtures";
import { axeViolations } from "./axe";
import { DESKTOP, hydrated, newPage, useSiteAndBrowser } from "./helpers";
import { calculator, focused } from "./visitor";

const PIXEL = ALL_MEASUREMENT_ENV.META_PIXEL_ID;
const APP = "https://app.xia.test/";
const env = useSiteAndBrowser({ ...ALL_MEASUREMENT_ENV, APP_URL: APP, SALES_WHATSAPP: "5511987654321" });

const GOOGLE = /^https:\/\/[^/]*(googletagmanager|google-analytics|doubleclick|googleadservices|google)\.[a-z.]+\//;
const META = /^https:\/\/[^/]*(facebook\.net|facebook\.com)\//;

/** Stub scripts: each records its own loading and the calls queued for it, and sets its tool's cookies. */
const STUBS: Array<[RegExp, string]> = [
  [
    /googletagmanager\.com\/gtag\/js/,
    "(window.__loaded ||= []).push('gtag'); document.cookie = '_ga=GA1.1.1;path=/'; document.cookie = '_ga_TEST=GS1;path=/';",
  ],
  [/googletagmanager\.com\/gtm\.js/, "(window.__loaded ||= []).push('gtm'); document.cookie = '_gcl_au=1.1.1;path=/';"],
  [
    /connect\.facebook\.net\/.*fbevents\.js/,
    "(window.__loaded ||= []).push('meta'); document.cookie = '_fbp=fb.1.1;path=/'; document.cookie = '_fbc=fb.1.2;path=/';" +
      " window.__fb = []; fbq.callMethod = (...a) => __fb.push(a);" +
      " fbq.queue.forEach((a) => fbq.callMethod(...a));",
  ],
  [
    /plausible\.io\/js\/script\.js/,
    "(window.__loaded ||= []).push('plausible'); const q = (window.plausible && window.plausible.q) || [];" +
      " window.__plausible = [['pageview', document.currentScript.dataset.domain]];" +
      " window.plausible = (...a) => __plausible.push(a); q.forEach((a) => plausible(...a));",
  ],
];

interface Visit {
  context: BrowserContext;
  page: Page;
  problems: string[];
  /** Every third-party URL the page asked for (Google, Meta, Plausible, the app, wa.me). */
  thirdParty: string[];
}

async function visit(path: string, options: BrowserContextOptions = {}): Promise<Visit> {
  const opened = await newPage(env.browser, options);
  const thirdParty: string[] = [];
  await opened.context.route(/^https:\/\//, async (route) => {
    const url = route.request().url();
    thirdParty.push(url);
    const stub = STUBS.find(([pattern]) => pattern.test(url));
    // Links followed to the application or WhatsApp: 204 keeps the page where it is.
    if (!stub) return route.fulfill({ status: 204 });
    await route.fulfill({ status: 200, contentType: "text/javascript", body: stub[1] });
  });
  await opened.page.goto(env.url + path);
  return { ...opened, thirdParty };
}

/** The page has run its client entry to the end of the load: Plausible (which loads after `load`) is in. */
const settled = (page: Page) => page.waitForFunction(() => (window as { __plausible?: unknown }).__plausible);
const loaded = (page: Page) => page.evaluate(() => (window as { __loaded?: string[] }).__loaded ?? []);
const googleOrMeta = (urls: string[]) => urls.filter((u) => GOOGLE.test(u) || META.test(u));
/** The banner: a region named in the page's language; hidden, it is not found (not in the accessibility tree). */
const banner = (page: Page, lang: CopyLang = "pt") => page.getByRole("region", { name: copy(lang, "consent.label") });
/** The dataLayer as plain arrays (gtag pushes Arguments objects). */
const dataLayer = (page: Page) =>
  page.evaluate(() =>
    ((window as { dataLayer?: unknown[] }).dataLayer ?? []).map((e) =>
      typeof e === "object" && e && "length" in e ? Array.from(e as ArrayLike<unknown>) : e,
    ),
  );

describe("before any choice", () => {
  it("shows the banner, loads Plausible, asks nothing of Google or Meta and sets no cookie", async () => {
    const v = await visit("/");
    await settled(v.page);
    await expect(banner(v.page).isVisible()).resolves.toBe(true);
    expect(await loaded(v.page)).toEqual(["plausible"]);
    expect(await v.page.evaluate(() => (window as { __plausible?: unknown[] }).__plausible?.[0])).toEqual([
      "pageview",
      ALL_MEASUREMENT_ENV.PLAUSIBLE_DOMAIN,
    ]);
    expect(googleOrMeta(v.thirdParty)).toEqual([]);
    expect(await v.context.cookies()).toEqual([]);
    expect(v.problems).toEqual([]);
    await v.context.close();
  });

  it("without JavaScript: no banner and no request to any third party", async () => {
    const v = await visit("/", { javaScriptEnabled: false });
    await v.page.waitForLoadState("load");
    await expect(banner(v.page).isVisible()).resolves.toBe(false);
    expect(v.thirdParty).toEqual([]);
    await v.context.close();
  });
});

describe("Reject all", () => {
  it("loads nothing, then or on reload, keeps the choice in localStorage and no cookie", async () => {
    const v = await visit("/");
    await settled(v.page);
    await v.page.getByRole("button", { name: copy("pt", "consent.reject") }).click();
    await expect(banner(v.page).isVisible()).resolves.toBe(false);
    const stored = JSON.parse((await v.page.evaluate((k) => localStorage.getItem(k), CONSENT_KEY))!);
    expect(stored).toMatchObject({ categories: [], version: "ga4+gtm+meta" });
    expect(Number.isNaN(Date.parse(stored.time))).toBe(false);

    await v.page.reload();
    await settled(v.page);
    await expect(banner(v.page).isVisible()).resolves.toBe(false);
    expect(googleOrMeta(v.thirdParty)).toEqual([]);
    expect(await loaded(v.page)).toEqual(["plausible"]);
    expect(await v.context.cookies()).toEqual([]);
    await v.context.close();
  });
});

describe("Accept all", () => {
  it("loads GA4, GTM and the Pixel after Consent Mode's denied default; clicks become events", async () => {
    const v = await visit("/");
    await settled(v.page);
    expect(googleOrMeta(v.thirdParty)).toEqual([]);
    await v.page.getByRole("button", { name: copy("pt", "consent.accept") }).click();
    await expect.poll(async () => (await loaded(v.page)).sort()).toEqual(["gtag", "gtm", "meta", "plausible"]);

    const layer = await dataLayer(v.page);
    const denied = {
      ad_storage: "denied",
      analytics_storage: "denied",
      ad_user_data: "denied",
      ad_personalization: "denied",
    };
    const granted = {
      ad_storage: "granted",
      analytics_storage: "granted",
      ad_user_data: "granted",
      ad_personalization: "granted",
    };
    const at = (entry: unknown[]) => layer.findIndex((e) => isDeepStrictEqual(e, entry));
    expect(at(["consent", "default", denied])).toBe(0);
    expect(at(["consent", "update", granted])).toBeGreaterThan(0);
    expect(at(["config", ALL_MEASUREMENT_ENV.GA4_ID])).toBeGreaterThan(at(["consent", "update", granted]));
    const fb = () => v.page.evaluate(() => (window as { __fb?: unknown[] }).__fb ?? []);
    expect(await fb()).toEqual([
      ["consent", "grant"],
      // Meta's automatic event setup off, before init.
      ["set", "autoConfig", false, PIXEL],
      ["init", PIXEL],
      ["track", "PageView"],
    ]);

    // A sign-up click (the hero's) and the WhatsApp sales link (the footer's).
    await v.page
      .getByRole("region", { name: copy("pt", "hero.title") })
      .getByRole("link", { name: copy("pt", "hero.cta"), exact: true })
      .click();
    await expect.poll(fb).toContainEqual(["track", "Lead", { placement: "hero" }]);
    await v.page
      .getByRole("contentinfo")
      .getByRole("link", { name: copy("pt", "footer.whatsapp") })
      .click();
    await expect.poll(fb).toContainEqual(["track", "Contact", { placement: "footer" }]);
    const layerAfter = await dataLayer(v.page);
    expect(layerAfter).toContainEqual(["event", "app_link_click", { placement: "hero" }]);
    expect(layerAfter).toContainEqual({ event: "whatsapp_click", placement: "footer" });
    const plausible = await v.page.evaluate(() => (window as { __plausible?: unknown[] }).__plausible);
    expect(plausible).toContainEqual(["app_link_click", { props: { placement: "hero" } }]);
    expect(plausible).toContainEqual(["whatsapp_click", { props: { placement: "footer" } }]);
    expect(v.thirdParty.some((u) => u.startsWith(APP))).toBe(true);

    // A returning visitor gets the tags from the start, and no banner.
    await v.page.reload();
    await settled(v.page);
    await expect.poll(async () => (await loaded(v.page)).sort()).toEqual(["gtag", "gtm", "meta", "plausible"]);
    await expect(banner(v.page).isVisible()).resolves.toBe(false);
    // The followed links' navigations end in the 204 (Chromium reports them aborted), nothing else.
    expect(v.problems.filter((p) => !/^request failed: https:\/\/(app\.xia\.test|wa\.me)\//.test(p))).toEqual([]);
    await v.context.close();
  });

  it("a calculator result becomes an event", async () => {
    const v = await visit("/");
    await settled(v.page);
    await v.page.getByRole("button", { name: copy("pt", "consent.accept") }).click();
    await expect.poll(async () => (await loaded(v.page)).length).toBe(4);
    await hydrated(v.page);
    await calculator(v.page, "pt").leads.fill("900");
    const plausible = () => v.page.evaluate(() => (window as { __plausible?: unknown[][] }).__plausible ?? []);
    await expect.poll(async () => (await plausible()).filter((c) => c[0] === "calculator_result").length).toBe(1);
    expect(await dataLayer(v.page)).toContainEqual(expect.arrayContaining(["event", "calculator_result"]));
    await v.context.close();
  });
});

describe("a choice per category", () => {
  it.each([
    ["measurement", ["gtag", "gtm", "plausible"]],
    ["advertising", ["meta", "plausible"]],
  ])("only %s loads only its tools", async (category, expected) => {
    const v = await visit("/");
    await settled(v.page);
    await v.page.getByRole("button", { name: copy("pt", "consent.choose") }).click();
    const box = v.page.getByRole("checkbox", { name: new RegExp(`^${copy("pt", `consent.${category}`)}`) });
    await expect(box.isChecked()).resolves.toBe(false);
    await box.check();
    await v.page.getByRole("button", { name: copy("pt", "consent.save") }).click();
    await expect.poll(async () => (await loaded(v.page)).sort()).toEqual(expected);
    if (category === "measurement") {
      expect(v.thirdParty.filter((u) => META.test(u))).toEqual([]);
      expect(await dataLayer(v.page)).toContainEqual([
        "consent",
        "update",
        { analytics_storage: "granted", ad_storage: "denied", ad_user_data: "denied", ad_personalization: "denied" },
      ]);
    } else expect(v.thirdParty.filter((u) => GOOGLE.test(u))).toEqual([]);
    await v.context.close();
  });
});

describe("Cookie preferences", () => {
  it("in the footer reopens the choice, with the current one ticked; withdrawing deletes the cookies and reloads", async () => {
    const v = await visit("/");
    await settled(v.page);
    await v.page.getByRole("button", { name: copy("pt", "consent.accept") }).click();
    await expect.poll(async () => (await loaded(v.page)).length).toBe(4);
    await v.page.getByRole("link", { name: copy("pt", "footer.cookies") }).click();
    await expect(banner(v.page).isVisible()).resolves.toBe(true);
    expect(await focused(banner(v.page))).toBe(true);
    const measurement = v.page.getByRole("checkbox", { name: new RegExp(`^${copy("pt", "consent.measurement")}`) });
    await expect(measurement.isChecked()).resolves.toBe(true);
    const names = async () => (await v.context.cookies()).map((c) => c.name).sort();
    expect(await names()).toEqual(["_fbc", "_fbp", "_ga", "_ga_TEST", "_gcl_au"]);
    const before = v.thirdParty.length;
    await Promise.all([
      v.page.waitForEvent("load"),
      v.page.getByRole("button", { name: copy("pt", "consent.reject") }).click(),
    ]);
    await settled(v.page);
    expect(await names()).toEqual([]);
    expect(googleOrMeta(v.thirdParty.slice(before))).toEqual([]);
    expect(await loaded(v.page)).toEqual(["plausible"]);
    await expect(banner(v.page).isVisible()).resolves.toBe(false);
    await v.context.close();
  });

  it("withdrawing advertising only deletes its cookies and keeps measurement's", async () => {
    const v = await visit("/");
    await settled(v.page);
    await v.page.getByRole("button", { name: copy("pt", "consent.accept") }).click();
    await expect.poll(async () => (await v.context.cookies()).length).toBe(5);
    await v.page.getByRole("link", { name: copy("pt", "footer.cookies") }).click();
    await v.page.getByRole("checkbox", { name: new RegExp(`^${copy("pt", "consent.advertising")}`) }).uncheck();
    await Promise.all([
      v.page.waitForEvent("load"),
      v.page.getByRole("button", { name: copy("pt", "consent.save") }).click(),
    ]);
    await settled(v.page);
    await expect.poll(async () => (await loaded(v.page)).sort()).toEqual(["gtag", "gtm", "plausible"]);
    // _gcl_au is the container's (Google Ads) and goes with advertising; GTM, reloaded with
    // measurement, sets it again in this stand-in, so only the Pixel's are asserted gone.
    const names = (await v.context.cookies()).map((c) => c.name);
    expect(names).toEqual(expect.arrayContaining(["_ga", "_ga_TEST"]));
    expect(names).not.toContain("_fbp");
    expect(names).not.toContain("_fbc");
    await v.context.close();
  });

  it("from the privacy page (no JavaScript there) opens it on the landing page", async () => {
    const v = await visit("/privacy");
    await expect(v.page.locator("script[src]").count()).resolves.toBe(0);
    await v.page.getByRole("link", { name: copy("pt", "footer.cookies"), exact: true }).click();
    await v.page.waitForURL(env.url + "/");
    await expect(banner(v.page).isVisible()).resolves.toBe(true);
    await expect(v.page.getByRole("group", { name: copy("pt", "consent.categories") }).isVisible()).resolves.toBe(true);
    expect(new URL(v.page.url()).hash).toBe("");
    await v.context.close();
  });
});

describe.each<CopyLang>(["pt", "en", "es"])("the banner in %s", (lang) => {
  const path = { pt: "/", en: "/en", es: "/es" }[lang];

  it("speaks the page's language, works by keyboard and is axe clean", async () => {
    const v = await visit(path, { viewport: DESKTOP, reducedMotion: "reduce" });
    await settled(v.page);
    const region = banner(v.page, lang);
    await expect(region.isVisible()).resolves.toBe(true);
    for (const key of ["consent.accept", "consent.reject", "consent.choose"])
      await expect(region.getByRole("button", { name: copy(lang, key) }).isVisible()).resolves.toBe(true);
    expect(await axeViolations(v.page)).toEqual([]);

    // First the skip link, then the banner (its privacy link, Accept all, Reject all, Choose by
    // category): choose, tick advertising, save.
    const tab = async (times: number) => {
      for (let i = 0; i < times; i++) await v.page.keyboard.press("Tab");
    };
    await tab(3);
    expect(await focused(region.getByRole("button", { name: copy(lang, "consent.accept") }))).toBe(true);
    await tab(2);
    await v.page.keyboard.press("Enter");
    expect(await region.getByRole("button", { name: copy(lang, "consent.choose") }).getAttribute("aria-expanded")).toBe(
      "true",
    );
    expect(await axeViolations(v.page)).toEqual([]); // with the categories open too
    await v.page.keyboard.press("Tab");
    await v.page.keyboard.press("Tab");
    await v.page.keyboard.press("Space");
    await v.page.keyboard.press("Tab");
    await v.page.keyboard.press("Enter");
    await expect(region.isVisible()).resolves.toBe(false);
    await expect.poll(async () => (await loaded(v.page)).sort()).toEqual(["meta", "plausible"]);
    await v.context.close();
  });

  it("fits 320 px, opened, without shifting the page", async () => {
    const v = await visit(path, { viewport: { width: 320, height: 640 }, reducedMotion: "reduce" });
    await settled(v.page);
    await banner(v.page, lang)
      .getByRole("button", { name: copy(lang, "consent.choose") })
      .click();
    const box = await banner(v.page, lang).boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(320);
    expect(box!.y + box!.height).toBeLessThanOrEqual(640);
    expect(await v.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    // Fixed: showing it moved nothing in the page's flow.
    expect(await banner(v.page, lang).evaluate((e) => getComputedStyle(e).position)).toBe("fixed");
    await v.context.close();
  });
});
