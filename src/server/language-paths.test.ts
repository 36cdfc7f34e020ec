import { describe, expect, it } from "vitest";
import { LANGS, landingHref } from "../shared/languages";
import { canonicalLocation, langOfPath, legacyLangLocation } from "./languagePaths";

describe("langOfPath", () => {
  it.each([
    ["/", "pt"],
    ["/en", "en"],
    ["/es", "es"],
    ["/en/", "en"],
    ["/en/missing/page", "en"],
    ["/es/x", "es"],
    ["/pt", "pt"],
    ["/english", "pt"],
    ["/privacy", "pt"],
    ["/missing", "pt"],
    ["", "pt"],
  ] as const)("%s → %s", (path, lang) => expect(langOfPath(path)).toBe(lang));
});

describe("legacyLangLocation", () => {
  it.each([
    ["lang=en", "/en"],
    ["lang=es", "/es"],
    ["lang=pt", "/"],
    ["lang=fr", "/"],
    ["lang=EN", "/"],
    ["lang=", "/"],
    ["lang", "/"],
    ["lang=en&lang=es", "/"],
    ["lang=%E0%A4%A", "/"],
    ["lang=%3Cscript%3Ealert(1)%3C/script%3E", "/"],
    ["l%61ng=es", "/es"],
  ])("?%s → %s", (query, location) => expect(legacyLangLocation(query)).toBe(location));

  it("keeps every other parameter exactly as it came: order, encoding, repeats", () => {
    expect(legacyLangLocation("utm_source=fb&lang=en&fbclid=AbC_123&utm_campaign=ver%C3%A3o+2026&x=1&x=2")).toBe(
      "/en?utm_source=fb&fbclid=AbC_123&utm_campaign=ver%C3%A3o+2026&x=1&x=2",
    );
    expect(legacyLangLocation("lang=es&leads=100&interactions=3")).toBe("/es?leads=100&interactions=3");
    expect(legacyLangLocation("a=%ZZ&lang=pt&b")).toBe("/?a=%ZZ&b");
  });

  it("drops empty pairs and every lang", () => {
    expect(legacyLangLocation("&&lang=en&&utm_source=x&lang=es&")).toBe("/?utm_source=x");
  });

  it.each(["", "utm_source=x", "language=en", "lang[]=en", "xlang=en"])("?%s has no lang: null", (query) =>
    expect(legacyLangLocation(query)).toBeNull(),
  );
});

describe("canonicalLocation", () => {
  const ROUTES = [...LANGS.map((lang) => landingHref(lang)), "/privacy", "/terms", "/robots.txt", "/sitemap.xml"];
  it.each([
    ["/en/", null, "/en"],
    ["/es/", "", "/es"],
    ["/en/", "utm_source=x&fbclid=A%2Fb", "/en?utm_source=x&fbclid=A%2Fb"],
    ["/EN", null, "/en"],
    ["/Es", "leads=1&Interactions=%41", "/es?leads=1&Interactions=%41"],
    ["/PRIVACY", null, "/privacy"],
    ["/Privacy/", "a=1", "/privacy?a=1"],
    ["/terms/", null, "/terms"],
    ["/ROBOTS.TXT", null, "/robots.txt"],
    ["/Sitemap.xml/", null, "/sitemap.xml"],
    ["//", null, "/"],
  ] as const)("%s?%s → %s", (path, query, location) => expect(canonicalLocation(path, query, ROUTES)).toBe(location));

  it.each(["/", "/en", "/privacy", "/robots.txt", "/pt/", "/fr/", "/en/x/", "/en//", "/FAVICON.ICO", "/privacyx"])(
    "%s: null",
    (path) => expect(canonicalLocation(path, "a=1", ROUTES)).toBeNull(),
  );
});
