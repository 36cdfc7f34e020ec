/**
 * The CDN contract's query rules through Varnish (deploy/varnish.vcl): tracking parameters are left
 * out of the key and put back into a redirect per visitor, each known message-match variant is an
 * object of its own (decision 056), calculator answers are never shared.
 */
import IntlMessageFormat from "intl-messageformat";
import { describe, expect, it } from "vitest";
import { CATALOGUES } from "../../src/content/catalogue";
import { SEGMENT_PARENTS } from "../../src/content/segmentPages";
import { segmentPath } from "../../src/content/segments";
import { variantKey, variantsOf } from "../../src/content/variants";
import { SEGMENT_SAMPLE } from "../fixtures";
import { htmlLang, isHit, objectId, TRACKING, useVarnish } from "./varnish-wire";

/** The landing page per language (decision 020). */
const LANGUAGE_URLS = { "pt-BR": "/", en: "/en", es: "/es" } as const;
/** One segment's page per language (decision 054), from the route table. */
const SEGMENT_URLS = SEGMENT_SAMPLE;
/** A variant's headline as the page shows it (HTML-escaped as React writes text). */
const variantTitle = (lang: "pt", page: "odontology", code: string) =>
  new IntlMessageFormat(CATALOGUES[lang][variantKey(page, code, "title")], "pt-BR")
    .format({ brand: "XIA" })
    .toString()
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;");
const { client } = useVarnish();

describe("through Varnish: the query", () => {
  it("serves every ad-click variant of a page from the clean URL's one cached object", async () => {
    const c = client("ads.test");
    for (const path of [...Object.values(LANGUAGE_URLS), ...SEGMENT_URLS]) {
      await c.cached(path);
      const clean = await c.cached(path);
      expect(isHit(clean), path).toBe(true);
      const join = (params: string[]) => `${path}?${params.join("&")}`;
      const variants = [...TRACKING.map((p) => join([p])), join(TRACKING), join([TRACKING[10], TRACKING[0]])];
      for (const variant of variants) {
        const r = await c.cached(variant);
        expect(isHit(r), variant).toBe(true);
        expect(objectId(r), variant).toBe(objectId(clean));
        expect(htmlLang(r), variant).toBe(htmlLang(clean));
        expect(Buffer.compare(r.raw, clean.raw), variant).toBe(0);
      }
    }
  });
  it("keeps one object per known message-match variant, and tracking parameters add none (decision 056)", async () => {
    const c = client("variants.test");
    const page = segmentPath("pt", "odontology");
    const [first, second] = variantsOf("pt", "odontology");
    // Each asked twice: the second answer is a hit and names the object it came from.
    const twice = async (path: string) => (await c.cached(path), c.cached(path));
    const clean = await twice(page);
    const one = await twice(`${page}?v=${first}`);
    const two = await twice(`${page}?v=${second}`);
    expect([clean, one, two].map((r) => r.status)).toEqual([200, 200, 200]);
    expect([clean, one, two].every(isHit)).toBe(true);
    // Two variants, two objects of their own, each with its own headline.
    expect(new Set([objectId(clean), objectId(one), objectId(two)]).size).toBe(3);
    expect(one.text).toContain(variantTitle("pt", "odontology", first));
    expect(two.text).toContain(variantTitle("pt", "odontology", second));
    // The ad's tracking parameters around the variant: a hit on that variant's object.
    for (const query of [`v=${first}&${TRACKING[0]}&${TRACKING[5]}`, `${TRACKING[10]}&v=${first}`]) {
      const r = await c.cached(`${page}?${query}`);
      expect(isHit(r), query).toBe(true);
      expect(objectId(r), query).toBe(objectId(one));
      expect(Buffer.compare(r.raw, one.raw), query).toBe(0);
    }
    // An unknown code is the clean page's bytes (the origin's answer, kept under its own key).
    const unknown = await c.cached(`${page}?v=not-a-variant`);
    expect(Buffer.compare(unknown.raw, clean.raw)).toBe(0);
  });
  it("gives each visitor's redirect back its own tracking parameters", async () => {
    // Plain HTTP reaches the origin's HTTPS redirect, which keeps the query as it came.
    const c = client("xia.test", { "x-forwarded-proto": "http" });
    const params = (location: string) => [...new URL(location).searchParams].map((p) => p.join("=")).sort();
    for (const query of [
      `lang=es&${TRACKING[0]}&fbclid=first`,
      `${TRACKING[1]}&lang=es&fbclid=second`,
      "fbclid=third",
    ]) {
      const cached = await c.cached(`/?${query}`);
      const direct = await c.direct(`/?${query}`);
      expect(cached.status, query).toBe(308);
      expect(direct.status, query).toBe(308);
      expect(new URL(cached.headers.location!).pathname, query).toBe(new URL(direct.headers.location!).pathname);
      expect(params(cached.headers.location!), query).toEqual(params(direct.headers.location!));
      expect(params(cached.headers.location!), query).toEqual(query.split("&").sort());
    }
    // HTTPS visitors of the same URLs still get the page, never the redirect kept for HTTP.
    const https = client("xia.test");
    for (const path of ["/es", "/"]) expect((await https.cached(path)).status, path).toBe(200);
    // The segment pages' parent path: the landing page's grid, the visitor's own parameters before the #.
    for (const click of ["first", "second"]) {
      const parent = await https.cached(`${SEGMENT_PARENTS[1].path}?${TRACKING[0]}&fbclid=${click}`);
      expect(parent.status, click).toBe(301);
      expect(parent.headers.location, click).toBe(`/en?${TRACKING[0]}&fbclid=${click}#industries`);
    }
    // Old language links: each visitor's own parameters in the Location, never another's.
    for (const click of ["first", "second"]) {
      const old = await https.cached(`/?lang=es&${TRACKING[0]}&fbclid=${click}`);
      expect(old.status, click).toBe(301);
      expect(old.headers.location, click).toBe(`/es?${TRACKING[0]}&fbclid=${click}`);
    }
  });
  it("never shares a calculator answer: each is the origin's own, for its own numbers", async () => {
    const c = client("calculator.test");
    const clean = await c.cached("/");
    const answers = [
      "/?leads=500&interactions=5",
      "/?leads=600&interactions=5",
      "/?interactions=5&leads=500",
      `${SEGMENT_URLS[0]}?leads=500&interactions=5`,
    ];
    for (const path of [...answers, ...answers, `${answers[0]}&${TRACKING[0]}`]) {
      const cached = await c.cached(path);
      const direct = await c.direct(path);
      expect(cached.status, path).toBe(200);
      expect(isHit(cached), path).toBe(false);
      expect(cached.headers["cache-control"], path).toBe("private, no-cache");
      expect(cached.text, path).toBe(direct.text);
      expect(cached.text, path).not.toBe(clean.text);
    }
    const [a, b] = await Promise.all([c.cached(answers[0]), c.cached(answers[1])]);
    expect(a.text).not.toBe(b.text);
    // The clean page is still the clean page.
    const again = await c.cached("/");
    expect(isHit(again)).toBe(true);
    expect(again.headers.etag).toBe(clean.headers.etag);
  });
});
