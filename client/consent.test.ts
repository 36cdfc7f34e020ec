// @vitest-environment happy-dom
/**
 * The stored choice against the page's consent version (decisions 045, 079), in a DOM: the client
 * entry reads the tools and the conversion recipients from its tag (as src/server/render.tsx writes
 * them) and shows the hidden banner when the visitor's choice was given for another list, so a
 * choice made before a conversion destination was configured (or after it was removed) is asked
 * again; a choice of the current version keeps the banner hidden.
 */
import { Window } from "happy-dom";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { CONSENT_KEY, conversionsLabel, type ConsentConversions } from "../src/shared/measurement";
import { measurementAttributes } from "../src/shared/pageData";
import { startConsent } from "./consent";

/** The landing page's parts the consent code reads: its tag with the settings, the hidden banner. */
function page(conversions: ConsentConversions): HTMLElement {
  const tag = document.createElement("script");
  const data = {
    ...{ ga4: null, gtm: null, meta: "1234567890", plausible: null, plausibleSrc: null, consentVersion: null },
    tags: "/assets/tags-test.js",
    conversions: conversionsLabel(conversions),
  };
  for (const [name, value] of measurementAttributes(data)) tag.setAttribute(name, value);
  document.head.append(tag);
  document.body.innerHTML =
    '<section id="cookie-preferences" hidden><button data-consent="choose"></button>' +
    '<fieldset hidden><input type="checkbox" name="advertising"></fieldset></section>';
  return document.getElementById("cookie-preferences")!;
}

/** A choice that granted nothing (so no tag is imported), made an hour ago, of `version`. */
const storeChoice = (version: string) =>
  localStorage.setItem(
    CONSENT_KEY,
    JSON.stringify({ categories: [], time: new Date(Date.now() - 3_600_000).toISOString(), version }),
  );

// Node 25 and later have a global localStorage of their own (undefined without --localstorage-file),
// which the DOM environment does not replace: the code under test reads the DOM's, as in a browser.
beforeAll(() => {
  Object.defineProperty(globalThis, "localStorage", { value: new Window().localStorage, configurable: true });
});

afterEach(() => {
  document.head.innerHTML = "";
  document.body.innerHTML = "";
  localStorage.clear();
});

describe("a changed list of recipients asks again (decision 079)", () => {
  const none = { meta: false, googleAds: false };
  const capi = { meta: true, googleAds: false };

  it.each([
    ["Meta's Conversions API configured since the choice", "meta", capi],
    ["Google Ads' file configured since the choice", "meta+meta-capi", { meta: true, googleAds: true }],
    ["Meta's Conversions API removed since the choice", "meta+meta-capi", none],
  ])("%s: the banner shows", (_, stored, now) => {
    storeChoice(stored);
    const banner = page(now);
    startConsent();
    expect(banner.hidden).toBe(false);
  });

  it.each([
    ["the Pixel alone", "meta", none],
    ["the Pixel and its Conversions API", "meta+meta-capi", capi],
  ])("a choice given for the same list (%s) holds: the banner stays hidden", (_, stored, now) => {
    storeChoice(stored);
    const banner = page(now);
    startConsent();
    expect(banner.hidden).toBe(true);
  });
});
