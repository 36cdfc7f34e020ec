/**
 * The consent choice in Chromium (decisions 044-047), with every tool configured and the third
 * parties stood in (measured-site.ts): nothing before a choice, Reject all, a choice per category,
 * Cookie preferences and withdrawal, the banner in each language (keyboard, axe, 320 px). What a
 * granted choice sends is consent-events.test.ts.
 */
import { describe, expect, it } from "vitest";
import { LANGS } from "../../src/shared/languages";
import { CONSENT_KEY } from "../../src/shared/measurement";
import { copy, type CopyLang } from "../copy";
import { ALL_MEASUREMENT_ENV } from "../fixtures";
import { axeViolations } from "./axe";
import { DESKTOP, resize } from "./helpers";
import { GOOGLE, META, banner, dataLayer, googleOrMeta, loaded, settled, useMeasuredSite } from "./measured-site";
import { focused } from "./visitor";

const { env, visit } = useMeasuredSite();

describe("before any choice", () => {
  it("without JavaScript: no banner and no request to any third party", async () => {
    const v = await visit("/", { javaScriptEnabled: false });
    await v.page.waitForLoadState("load");
    await expect(banner(v.page).isVisible()).resolves.toBe(false);
    expect(v.thirdParty).toEqual([]);
  });
});

// One journey, one first load (issue 39): the state before any choice, then Reject all.
describe("before any choice, then Reject all", () => {
  it("shows the banner, loads Plausible, asks nothing of Google or Meta and sets no cookie; Reject all loads nothing, then or on reload, keeps the choice in localStorage and no cookie", async () => {
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
  });

  it("from the privacy page (no JavaScript there) opens it on the landing page", async () => {
    const v = await visit("/privacy");
    await expect(v.page.locator("script[src]").count()).resolves.toBe(0);
    await v.page.getByRole("link", { name: copy("pt", "footer.cookies"), exact: true }).click();
    await v.page.waitForURL(env.url + "/");
    await expect(banner(v.page).isVisible()).resolves.toBe(true);
    await expect(v.page.getByRole("group", { name: copy("pt", "consent.categories") }).isVisible()).resolves.toBe(true);
    expect(new URL(v.page.url()).hash).toBe("");
  });
});

describe.each<CopyLang>(LANGS)("the banner in %s", (lang) => {
  const path = { pt: "/", en: "/en", es: "/es" }[lang];

  // One journey, one load (issue 39): by keyboard at desktop width, then reopened and resized to 320 px.
  it("speaks the page's language, works by keyboard and is axe clean; reopened, fits 320 px without shifting the page", async () => {
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
    // With the categories open too: checked in the banner, what opening them changed (decision 125).
    expect(await axeViolations(v.page, region)).toEqual([]);
    await v.page.keyboard.press("Tab");
    await v.page.keyboard.press("Tab");
    await v.page.keyboard.press("Space");
    await v.page.keyboard.press("Tab");
    await v.page.keyboard.press("Enter");
    await expect(region.isVisible()).resolves.toBe(false);
    await expect.poll(async () => (await loaded(v.page)).sort()).toEqual(["meta", "plausible"]);

    // Cookie preferences reopens it with the categories open; at 320 px it fits.
    await v.page.getByRole("link", { name: copy(lang, "footer.cookies") }).click();
    await expect(region.isVisible()).resolves.toBe(true);
    expect(await region.getByRole("button", { name: copy(lang, "consent.choose") }).getAttribute("aria-expanded")).toBe(
      "true",
    );
    await resize(v.page, { width: 320, height: 640 });
    const box = await banner(v.page, lang).boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(320);
    expect(box!.y + box!.height).toBeLessThanOrEqual(640);
    expect(await v.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    // Fixed: showing it moved nothing in the page's flow.
    expect(await banner(v.page, lang).evaluate((e) => getComputedStyle(e).position)).toBe("fixed");
  });
});
