/**
 * What a granted consent sends (decisions 044-047), with every tool configured and the third
 * parties stood in (measured-site.ts): Accept all loads the tags after Consent Mode's denied
 * default and clicks become events, a calculator result becomes an event, and the same on a
 * segment page in each language. The choice itself is consent-choice.test.ts.
 */
import { isDeepStrictEqual } from "node:util";
import { describe, expect, it } from "vitest";
import { copy } from "../copy";
import { SEGMENTS, segmentPath } from "../../src/content/segments";
import { SOURCE_PARAM } from "../../src/content/source";
import { variantsOf } from "../../src/content/variants";
import { ALL_MEASUREMENT_ENV, SEGMENT_SAMPLE_PAGES } from "../fixtures";
import { hydrated } from "./helpers";
import {
  APP,
  PIXEL,
  banner,
  dataLayer,
  fbCalls,
  googleOrMeta,
  loaded,
  plausibleCalls,
  settled,
  useMeasuredSite,
} from "./measured-site";
import { calculator } from "./visitor";

const { env, visit } = useMeasuredSite();

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
    const fb = () => fbCalls(v.page);
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
    const plausible = await plausibleCalls(v.page);
    expect(plausible).toContainEqual(["app_link_click", { props: { placement: "hero" } }]);
    expect(plausible).toContainEqual(["whatsapp_click", { props: { placement: "footer" } }]);
    expect(v.thirdParty.some((u) => u.startsWith(APP))).toBe(true);

    // A returning visitor gets the tags from the start, and no banner.
    await v.page.reload();
    await settled(v.page);
    await expect.poll(async () => (await loaded(v.page)).sort()).toEqual(["gtag", "gtm", "meta", "plausible"]);
    await expect(banner(v.page).isVisible()).resolves.toBe(false);
    // The followed links' navigations end in the 204 (Chromium reports them aborted): the app's and
    // the site's sales redirect (stood in by tests/e2e/measured-site.ts), nothing else.
    const followed = (p: string) =>
      /^request failed: https:\/\/(app\.xia\.test|wa\.me)\//.test(p) ||
      p.startsWith(`request failed: ${env.url}/sales?`);
    expect(v.problems.filter((p) => !followed(p))).toEqual([]);
  });

  it("a calculator result becomes an event", async () => {
    const v = await visit("/");
    await settled(v.page);
    await v.page.getByRole("button", { name: copy("pt", "consent.accept") }).click();
    await expect.poll(async () => (await loaded(v.page)).length).toBe(4);
    await hydrated(v.page);
    await calculator(v.page, "pt").leads.fill("900");
    const plausible = () => plausibleCalls(v.page);
    await expect.poll(async () => (await plausible()).filter((c) => c[0] === "calculator_result").length).toBe(1);
    expect(await dataLayer(v.page)).toContainEqual(expect.arrayContaining(["event", "calculator_result"]));
  });
});

describe.each(SEGMENT_SAMPLE_PAGES)("on a segment page ($path)", ({ key, lang, path }) => {
  it("the banner in its language, nothing of Google or Meta before a choice; after Accept all, a sign-up click is an event", async () => {
    const v = await visit(path);
    await settled(v.page);
    await expect(banner(v.page, lang).isVisible()).resolves.toBe(true);
    expect(googleOrMeta(v.thirdParty)).toEqual([]);
    expect(await loaded(v.page)).toEqual(["plausible"]);
    expect(await v.context.cookies()).toEqual([]);
    await banner(v.page, lang)
      .getByRole("button", { name: copy(lang, "consent.accept") })
      .click();
    await expect.poll(async () => (await loaded(v.page)).sort()).toEqual(["gtag", "gtm", "meta", "plausible"]);
    expect(await fbCalls(v.page)).toContainEqual(["track", "PageView"]);
    // The segment's own hero (the region its H1 names): its start call-to-action.
    await v.page
      .getByRole("region")
      .filter({ has: v.page.getByRole("heading", { level: 1 }) })
      .getByRole("link", { name: copy(lang, "hero.cta"), exact: true })
      .click();
    // Every event names the page's segment (decision 056).
    const hero = { placement: "hero", segment: key };
    await expect.poll(() => fbCalls(v.page)).toContainEqual(["track", "Lead", hero]);
    expect(await dataLayer(v.page)).toContainEqual(["event", "app_link_click", hero]);
    expect(await plausibleCalls(v.page)).toContainEqual(["app_link_click", { props: hero }]);
    expect(v.problems.filter((p) => !/^request failed: https:\/\/app\.xia\.test\//.test(p))).toEqual([]);
  });
});

describe("with a message-match variant (decision 056)", () => {
  const key = "odontology";
  const [variant] = variantsOf("pt", key);
  it("events carry the segment and the variant; the app link carries the reference beside the campaign", async () => {
    const v = await visit(`${segmentPath("pt", key)}?v=${variant}&utm_source=google&gclid=abc`);
    await settled(v.page);
    expect(await v.page.getByRole("heading", { level: 1 }).textContent()).toBe(
      copy("pt", `variant.${key}.${variant}.title`, { brand: "XIA" }),
    );
    await banner(v.page, "pt")
      .getByRole("button", { name: copy("pt", "consent.accept") })
      .click();
    await expect.poll(async () => (await loaded(v.page)).sort()).toEqual(["gtag", "gtm", "meta", "plausible"]);
    const hero = v.page.getByRole("region").filter({ has: v.page.getByRole("heading", { level: 1 }) });
    // The sales call-to-action beside the start button: WhatsApp, an event with the source.
    await hero.getByRole("link", { name: copy("pt", "source.ctaWhatsapp") }).click();
    const props = { placement: "hero", segment: key, variant };
    await expect.poll(() => fbCalls(v.page)).toContainEqual(["track", "Contact", props]);
    expect(await dataLayer(v.page)).toContainEqual({ event: "whatsapp_click", ...props });
    expect(await plausibleCalls(v.page)).toContainEqual(["whatsapp_click", { props }]);
    // The start button: the reference and the ad's campaign both reach the application.
    await hero.getByRole("link", { name: copy("pt", "hero.cta"), exact: true }).click();
    await expect.poll(() => fbCalls(v.page)).toContainEqual(["track", "Lead", props]);
    const followed = new URL(v.thirdParty.find((u) => u.startsWith(APP))!);
    expect(followed.searchParams.get(SOURCE_PARAM)).toBe(`${SEGMENTS[key].ref}-${variant}`);
    expect(followed.searchParams.get("utm_source")).toBe("google");
    expect(followed.searchParams.get("gclid")).toBe("abc");
  });
});
