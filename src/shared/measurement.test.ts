import { describe, expect, it } from "vitest";
import {
  adRecipients,
  CATEGORY_COOKIES,
  consentCategories,
  consentVersion,
  conversionsLabel,
  parseChoice,
  readConversionsLabel,
} from "./measurement";

const none = { ga4: null, gtm: null, metaPixel: null };

describe("consent categories and version", () => {
  it("asks about measurement for GA4 or GTM, advertising for Meta or GTM (its ad tags)", () => {
    expect(consentCategories(none)).toEqual([]);
    expect(consentCategories({ ...none, ga4: "G-X" })).toEqual(["measurement"]);
    expect(consentCategories({ ...none, metaPixel: "1" })).toEqual(["advertising"]);
    expect(consentCategories({ ...none, gtm: "GTM-X" })).toEqual(["measurement", "advertising"]);
  });

  it("changes the version when a tool is added or removed, not when an id changes", () => {
    expect(consentVersion({ ...none, ga4: "G-A" })).toBe(consentVersion({ ...none, ga4: "G-B" }));
    expect(consentVersion({ ...none, ga4: "G-A" })).not.toBe(consentVersion({ ...none, ga4: "G-A", metaPixel: "1" }));
  });

  it("asks about advertising for a conversion recipient alone, and names it (decision 079)", () => {
    expect(consentCategories(none, { meta: false, googleAds: true })).toEqual(["advertising"]);
    expect(consentCategories({ ...none, ga4: "G-X" }, { meta: false, googleAds: true })).toEqual([
      "measurement",
      "advertising",
    ]);
    expect(adRecipients({ ...none, ga4: "G-X" }, { meta: false, googleAds: false })).toEqual({
      google: false,
      meta: false,
    });
    expect(adRecipients({ ...none, gtm: "GTM-X" }, { meta: false, googleAds: false })).toEqual({
      google: true,
      meta: false,
    });
    expect(adRecipients(none, { meta: true, googleAds: true })).toEqual({ google: true, meta: true });
  });

  it("changes the version when a conversion destination is configured or removed (decision 079)", () => {
    const pixel = { ...none, metaPixel: "1" };
    const withCapi = consentVersion(pixel, { meta: true, googleAds: false });
    expect(withCapi).toBe("meta+meta-capi");
    expect(withCapi).not.toBe(consentVersion(pixel));
    expect(consentVersion(pixel, { meta: true, googleAds: true })).not.toBe(withCapi);
    // A choice given for the narrower list is no choice under the wider one: asked again.
    const raw = JSON.stringify({ categories: ["advertising"], time: "2026-11-23T10:00:00.000Z", version: "meta" });
    expect(parseChoice(raw, consentVersion(pixel), Date.parse("2026-11-24"))).not.toBeNull();
    expect(parseChoice(raw, withCapi, Date.parse("2026-11-24"))).toBeNull();
    // What the page hands the client reads back the same.
    for (const c of [
      { meta: true, googleAds: false },
      { meta: false, googleAds: true },
      { meta: true, googleAds: true },
      { meta: false, googleAds: false },
    ])
      expect(readConversionsLabel(conversionsLabel(c))).toEqual(c);
  });

  it("changes the version with CONSENT_VERSION (a new tag in the container, say)", () => {
    expect(consentVersion({ ...none, gtm: "GTM-A", consentRevision: "2026-11" })).toBe("gtm@2026-11");
    expect(consentVersion({ ...none, gtm: "GTM-A", consentRevision: "2027-01" })).not.toBe(
      consentVersion({ ...none, gtm: "GTM-A", consentRevision: "2026-11" }),
    );
  });
});

describe("parseChoice", () => {
  const stored = (value: unknown) => JSON.stringify(value);
  it("reads a choice of this version, keeping only known categories", () => {
    const raw = stored({ categories: ["advertising", "x"], time: "2026-11-23T10:00:00.000Z", version: "ga4+meta" });
    expect(parseChoice(raw, "ga4+meta", Date.parse("2026-11-24T10:00:00.000Z"))).toEqual({
      categories: ["advertising"],
      time: "2026-11-23T10:00:00.000Z",
      version: "ga4+meta",
    });
  });

  it.each([
    ["nothing", null],
    ["another version (a tool was added)", stored({ categories: [], time: "t", version: "ga4" })],
    ["not JSON", "yes"],
    ["no categories", stored({ time: "t", version: "ga4+meta" })],
    ["no time", stored({ categories: [], version: "ga4+meta" })],
  ])("counts %s as no choice", (_, raw) => {
    expect(parseChoice(raw, "ga4+meta")).toBeNull();
  });
});

describe("a choice holds for 12 months", () => {
  const raw = (time: string) => JSON.stringify({ categories: ["measurement"], time, version: "ga4" });
  const made = "2026-01-31T10:00:00.000Z";
  it("holds until 12 months after it was made", () => {
    expect(parseChoice(raw(made), "ga4", Date.parse("2026-12-31T10:00:00.000Z"))).not.toBeNull();
    expect(parseChoice(raw(made), "ga4", Date.parse("2027-01-31T09:59:59.000Z"))).not.toBeNull();
  });
  it("counts as no choice from 12 months on, or with a time that is unreadable or in the future", () => {
    expect(parseChoice(raw(made), "ga4", Date.parse("2027-01-31T10:00:00.000Z"))).toBeNull();
    expect(parseChoice(raw(made), "ga4", Date.parse("2028-06-01T00:00:00.000Z"))).toBeNull();
    expect(parseChoice(raw("yesterday"), "ga4", Date.parse("2026-02-01T00:00:00.000Z"))).toBeNull();
    expect(parseChoice(raw(made), "ga4", Date.parse("2026-01-01T00:00:00.000Z"))).toBeNull();
  });
});

describe("the cookies withdrawn with each category", () => {
  it.each([
    ["measurement", ["_ga", "_ga_ABC123", "_gcl_au"], ["_fbp", "_fbc", "xia_lang", "_gads"]],
    ["advertising", ["_gcl_au", "_gcl_aw", "_fbp", "_fbc"], ["_ga", "_ga_ABC123", "xia_lang"]],
  ] as const)("%s", (category, deleted, kept) => {
    for (const name of deleted) expect(CATEGORY_COOKIES[category].test(name), name).toBe(true);
    for (const name of kept) expect(CATEGORY_COOKIES[category].test(name), name).toBe(false);
  });
});
