/**
 * The consent covers what the conversions send (decision 079), as a visitor's browser gets the
 * page: the advertising purpose names Meta and Google Ads when the server sends them click
 * identifiers, even without a browser tag of that vendor; the page hands the client the recipients,
 * so the consent version changes with them and an earlier choice is asked again; the privacy page
 * lists the stored choice. (The store side: leads-engines-suite.ts; the client: client/consent.test.ts.)
 */
import request from "supertest";
import { describe, expect, it } from "vitest";
import { LANGS, landingHref } from "../../src/shared/languages";
import { CONSENT_KEY, consentVersion, readConversionsLabel } from "../../src/shared/measurement";
import { readMeasurementData } from "../../src/shared/pageData";
import { copy, legalCopy } from "../copy";
import { ALL_CONVERSIONS_ENV, ALL_MEASUREMENT_ENV } from "../fixtures";
import { parsePage } from "./dom";
import { makeApp } from "./helpers";
import { getAsSent } from "./wire";

const SITE = { SITE_URL: "https://www.xia-exemplo.com.br" };
const GOOGLE_FILE = { GOOGLE_ADS_CONVERSION_WON: "Venda", GOOGLE_ADS_FILE_PASSWORD: "report-pass-0123456789" };
const PIXEL = { META_PIXEL_ID: ALL_CONVERSIONS_ENV.META_PIXEL_ID };
const CAPI = { ...PIXEL, META_CAPI_TOKEN: ALL_CONVERSIONS_ENV.META_CAPI_TOKEN };

const landing = async (env: Record<string, string>, path = "/") =>
  parsePage(
    (
      await request(makeApp({ ...SITE, ...env }))
        .get(path)
        .expect(200)
    ).text,
  );
const bannerOf = (page: Awaited<ReturnType<typeof landing>>) => page.document.getElementById("cookie-preferences");

/** The version the client entry computes from the page (client/consent.ts does the same). */
function versionOf(page: Awaited<ReturnType<typeof landing>>): string {
  const data = readMeasurementData(page.document)!;
  const tags = { ga4: data.ga4, gtm: data.gtm, metaPixel: data.meta };
  return consentVersion(
    { ...tags, consentRevision: data.consentVersion ?? undefined },
    readConversionsLabel(data.conversions),
  );
}

describe("the advertising purpose names the conversion recipients", () => {
  it.each(LANGS.map((lang) => [lang] as const))(
    "%s: with Meta's Conversions API and Google Ads' file, the banner names Meta and Google Ads",
    async (lang) => {
      const page = await landing(ALL_CONVERSIONS_ENV, landingHref(lang));
      const banner = bannerOf(page)!;
      const text = banner.textContent!;
      // The paragraph names both recipients, what they receive after "talk to sales", and their own use.
      const args = { categories: "advertising", sales: "both", who: "Meta", owners: "both" };
      expect(text).toContain(copy(lang, "consent.text", args));
      expect(text).toContain(copy(lang, "consent.tool.conversions", { to: "both" }));
      expect(text).toContain(copy(lang, "consent.tool.meta"));
      expect(readMeasurementData(page.document)?.conversions).toBe("meta-capi+google-ads");
    },
  );

  it("Google Ads' file without any tag: a banner asking about advertising only, naming Google Ads", async () => {
    const page = await landing(GOOGLE_FILE);
    const banner = bannerOf(page)!;
    expect(banner.hidden).toBe(true);
    expect([...banner.querySelectorAll("input[type=checkbox]")].map((b) => b.getAttribute("name"))).toEqual([
      "advertising",
    ]);
    const args = { categories: "none", sales: "google", who: "", owners: "google" };
    expect(banner.textContent).toContain(copy("pt", "consent.text", args).trimStart());
    expect(banner.textContent).toContain(copy("pt", "consent.tool.conversions", { to: "google" }));
    // The privacy page has no measurement section then: the banner points at the conversions.
    expect(page.linksTo("/privacy#conversoes")).toHaveLength(1);
    expect(page.linksTo("#cookie-preferences")).not.toEqual([]);
    const tag = page.document.querySelector<HTMLScriptElement>("script[data-tags]")!;
    expect(tag.getAttribute("src")).toMatch(/^\/assets\/measured-[\w-]+\.js$/);
    expect(tag.dataset.conversions).toBe("google-ads");
    // The privacy page lists the stored choice, and its conversions section is where the link goes.
    const privacy = await landing(GOOGLE_FILE, "/privacy");
    expect(privacy.text).toContain(legalCopy("privacy.browser.consent", { consentKey: CONSENT_KEY }));
    expect(privacy.text).toContain(legalCopy("privacy.browser.introConsent"));
    expect(privacy.document.getElementById("conversoes")).not.toBeNull();
  });

  it("Google Analytics and Google Ads' file: the paragraph says the click and the outcome go to Google Ads", async () => {
    // GA4 is measurement: without the sentence, the banner would name no advertising purpose at all.
    const page = await landing({ GA4_ID: ALL_MEASUREMENT_ENV.GA4_ID, ...GOOGLE_FILE });
    const args = { categories: "measurement", sales: "google", who: "Google", owners: "google" };
    expect(bannerOf(page)!.textContent).toContain(copy("pt", "consent.text", args));
  });

  it.each(LANGS.map((lang) => [lang] as const))(
    "%s: with every tag too (the Pixel, GTM), the first layer still says what Meta's Conversions API and Google Ads receive",
    async (lang) => {
      // Issue 38: a tag naming the vendor does not say that the click and the outcome of a sales
      // contact go to it; the paragraph, not only the hidden category line, says so.
      const page = await landing({ ...ALL_MEASUREMENT_ENV, ...ALL_CONVERSIONS_ENV }, landingHref(lang));
      const paragraph = bannerOf(page)!.querySelector("p")!.textContent!;
      const args = { categories: "both", sales: "both", who: "Google, Meta", owners: "both" };
      expect(paragraph).toContain(copy(lang, "consent.text", args));
      expect(paragraph).toMatch(/Conversions API|API de Convers/);
      expect(paragraph).not.toMatch(/conversa\b|conversation|conversación/);
    },
  );

  it("the CRM webhook alone sends no click identifier: no banner, nothing asked", async () => {
    const { LEADS_WEBHOOK_URL, LEADS_WEBHOOK_SECRET } = ALL_CONVERSIONS_ENV;
    const page = await landing({ LEADS_WEBHOOK_URL, LEADS_WEBHOOK_SECRET });
    expect(bannerOf(page)).toBeNull();
    expect(readMeasurementData(page.document)).toBeNull();
  });

  it("the landing page with every tool and destination still fits in 14,600 bytes", async () => {
    const app = makeApp({ ...SITE, ...ALL_MEASUREMENT_ENV, ...ALL_CONVERSIONS_ENV });
    for (const lang of LANGS) {
      const res = await getAsSent(app, landingHref(lang), { "Accept-Encoding": "br" });
      expect(res.headerBytes + res.body.length).toBeLessThanOrEqual(14_600);
    }
  });
});

describe("the consent version follows the recipients (decision 079)", () => {
  it("configuring or removing a conversion destination changes the version; the CRM does not", async () => {
    const pixel = versionOf(await landing(PIXEL));
    const capi = versionOf(await landing(CAPI));
    const capiAndFile = versionOf(await landing({ ...CAPI, ...GOOGLE_FILE }));
    const gtm = versionOf(await landing({ GTM_ID: "GTM-TEST123" }));
    const gtmAndFile = versionOf(await landing({ GTM_ID: "GTM-TEST123", ...GOOGLE_FILE }));
    expect(new Set([pixel, capi, capiAndFile, gtm, gtmAndFile]).size).toBe(5);
    const { LEADS_WEBHOOK_URL, LEADS_WEBHOOK_SECRET } = ALL_CONVERSIONS_ENV;
    expect(versionOf(await landing({ ...PIXEL, LEADS_WEBHOOK_URL, LEADS_WEBHOOK_SECRET }))).toBe(pixel);
  });
});
