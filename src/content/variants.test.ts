import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CATALOGUES } from "./catalogue";
import { SEGMENT_KEYS } from "./segments";
import { VARIANT_CODE, VARIANT_PARAM, variantFor, variantKey, variantsOf, type VariantPage } from "./variants";
import { LANGS } from "../shared/languages";
import { parseQuery, single } from "../shared/query";

/** What the route reads from a query (src/server/routes/pages.ts): `v` given once, or null/undefined. */
const ask = (query: string | null) => single(parseQuery(query), VARIANT_PARAM);
/** The well-formed code a query names, whatever page it is for. */
const requestedVariant = (query: string | null) => {
  const code = ask(query);
  return typeof code === "string" && VARIANT_CODE.test(code) ? code : null;
};

const PAGES: VariantPage[] = ["home", ...SEGMENT_KEYS];
/** Every shipped variant: [lang, page, code]. */
const SHIPPED = LANGS.flatMap((lang) =>
  PAGES.flatMap((page) => variantsOf(lang, page).map((code) => [lang, page, code] as const)),
);

describe("the code a query names (read once by src/shared/query.ts, checked here)", () => {
  it.each([
    ["v=agenda", "agenda"],
    ["utm_source=meta&v=ODO-implante-2&fbclid=x", "ODO-implante-2"],
    ["v=" + "a".repeat(24), "a".repeat(24)],
  ])("%s → %s", (query, code) => expect(requestedVariant(query)).toBe(code));

  it.each([
    [null],
    [""],
    ["utm_source=meta"],
    ["v="],
    ["v"],
    ["v=a&v=a"], // repeated, even with the same value
    ["v=agenda&v=other"],
    ["v=" + "a".repeat(25)], // oversized
    ["v=" + "a".repeat(2048)],
    ["v=%3Cscript%3E"],
    ["v=<script>alert(1)</script>"],
    ["v=%00"],
    ["v=a%00"],
    ["v=%E0%A4%A"], // malformed percent-encoding
    ["v=a.b"],
    ["v=a+b"],
    ["v=agend%C3%A1"],
  ])("%s → none", (query) => expect(requestedVariant(query)).toBeNull());

  it("reads the name as encoded too (%76 is v)", () => {
    expect(requestedVariant("%76=agenda")).toBe("agenda");
    expect(requestedVariant("v=agenda&%76=agenda")).toBeNull();
  });
});

describe("variantFor: only codes written for that page and language", () => {
  it("ships at least one variant for the home page and two for each of three segments, in Portuguese", () => {
    expect(variantsOf("pt", "home").length).toBeGreaterThanOrEqual(1);
    expect(SEGMENT_KEYS.filter((key) => variantsOf("pt", key).length >= 2).length).toBeGreaterThanOrEqual(3);
  });

  it.each(SHIPPED)("%s %s ?v=%s is that variant", (lang, page, code) => {
    expect(variantFor(lang, page, ask(`v=${encodeURIComponent(code)}`))).toBe(code);
    expect(variantFor(lang, page, ask(`v=${code}&v=${code}`))).toBeNull();
    // Codes are matched as written: another letter case is not the variant.
    if (code !== code.toUpperCase()) expect(variantFor(lang, page, ask(`v=${code.toUpperCase()}`))).toBeNull();
  });

  it("a code written for one page is not a variant of another", () => {
    for (const [lang, page, code] of SHIPPED)
      for (const other of PAGES.filter((p) => p !== page && !variantsOf(lang, p).includes(code)))
        expect(variantFor(lang, other, ask(`v=${code}`))).toBeNull();
  });

  it("any other value is the page without a variant (property)", () => {
    const known = new Set(SHIPPED.map(([, , code]) => code));
    fc.assert(
      fc.property(
        fc.constantFrom(...LANGS),
        fc.constantFrom(...PAGES),
        fc.string({ maxLength: 40 }),
        (lang, page, raw) => {
          const got = variantFor(lang, page, ask(`v=${encodeURIComponent(raw)}`));
          expect(got === null || (got === raw && known.has(raw))).toBe(true);
        },
      ),
    );
  });
});

describe("variant copy", () => {
  it.each(LANGS)(
    "every %s variant key names a page, a well-formed code and a field, with a title and a subtitle",
    (lang) => {
      const keys = Object.keys(CATALOGUES[lang]).filter((key) => key.startsWith("variant."));
      for (const key of keys) {
        const [, page, code, field] = key.split(".");
        expect(PAGES, key).toContain(page);
        expect(code, key).toMatch(VARIANT_CODE);
        expect(["title", "subtitle", "chat"], key).toContain(field);
        expect(CATALOGUES[lang][variantKey(page as VariantPage, code, "title")], key).toBeDefined();
        expect(CATALOGUES[lang][variantKey(page as VariantPage, code, "subtitle")], key).toBeDefined();
      }
    },
  );
});
