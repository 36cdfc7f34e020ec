import { describe, expect, it } from "vitest";
import { consentCategories, consentVersion, parseChoice } from "./measurement";

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
});

describe("parseChoice", () => {
  const stored = (value: unknown) => JSON.stringify(value);
  it("reads a choice of this version, keeping only known categories", () => {
    const raw = stored({ categories: ["advertising", "x"], time: "2026-11-23T10:00:00.000Z", version: "ga4+meta" });
    expect(parseChoice(raw, "ga4+meta")).toEqual({
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
