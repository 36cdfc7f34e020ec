/**
 * The CDN contract, proven against a real shared cache: Debian's varnishd running
 * deploy/varnish.vcl in front of the built server (dist/server.js, production settings): hits,
 * TTL and grace, one object per URL, encodings, 304s, /healthz, cookies. The query's rules are in
 * varnish-query.test.ts, midnight in varnish-midnight.test.ts; the wire in varnish-wire.ts.
 */
import { describe, expect, it } from "vitest";
import { FORMER_SEGMENT_PATHS, SEGMENT_PARENTS } from "../../src/content/segmentPages";
import { SEGMENT_SAMPLE } from "../fixtures";
import { fetchRaw, htmlLang, isHit, objectId, useVarnish, type Reply } from "./varnish-wire";

/** The landing page per language (decision 020). */
const LANGUAGE_URLS = { "pt-BR": "/", en: "/en", es: "/es" } as const;
/** One segment's page per language (decision 054), from the route table. */
const SEGMENT_URLS = SEGMENT_SAMPLE;
/** Other URLs a visitor may ask for: each must get what the origin gives for it, never another's. */
const OTHER_URLS = [
  "/?lang=en",
  "/?lang=es",
  "/en/",
  "/en/nope",
  "/privacy",
  "/terms",
  "/nope",
  "/robots.txt",
  ...SEGMENT_URLS,
  ...SEGMENT_URLS.map((path) => `${path.toUpperCase()}/`),
  ...SEGMENT_PARENTS.map((p) => p.path),
  ...FORMER_SEGMENT_PATHS.map((p) => p.path),
  `${SEGMENT_PARENTS[1].path}/no-such-trade`,
];
const { site, client } = useVarnish();

describe("through Varnish (deploy/varnish.vcl) in front of the built server", () => {
  it("serves the second request from the cache, with the same bytes", async () => {
    const c = client("hit.test");
    const before = site.varnish!.counters()["MAIN.cache_hit"];
    const first = await c.cached("/");
    const second = await c.cached("/");
    expect(first.status).toBe(200);
    expect(isHit(first)).toBe(false);
    expect(isHit(second)).toBe(true);
    expect(second.headers.age).toMatch(/^\d+$/);
    expect(site.varnish!.counters()["MAIN.cache_hit"]).toBe(before + 1);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(Buffer.compare(second.raw, first.raw)).toBe(0);
  });
  it("keeps a page for the origin's s-maxage with its stale-while-revalidate as grace, and no grace it did not give", async () => {
    const c = client("ttl.test");
    const page = await c.cached("/privacy");
    const notFound = await c.cached("/nope");
    const directive = (r: Reply, name: string) =>
      Number(String(r.headers["cache-control"]).match(new RegExp(`${name}=(\\d+)`))?.[1] ?? 0);
    // Varnish's own record of the TTL it gave each object (varnishlog: TTL VCL ttl grace keep …).
    const ttlOf = (path: string) => {
      for (const records of site.varnish!.log(["BereqURL", "BereqHeader", "TTL"]).values()) {
        const has = (tag: string, value: string) => records.some(([t, v]) => t === tag && v === value);
        if (!has("BereqURL", path) || !has("BereqHeader", "host: ttl.test")) continue;
        const vcl = records
          .filter(([t, v]) => t === "TTL" && v.startsWith("VCL "))
          .pop()![1]
          .split(" ");
        return { ttl: Number(vcl[1]), grace: Number(vcl[2]) };
      }
      throw new Error(`no fetch of ${path} in Varnish's log`);
    };
    expect(ttlOf("/privacy")).toEqual({
      ttl: directive(page, "s-maxage"),
      grace: directive(page, "stale-while-revalidate"),
    });
    expect(directive(page, "s-maxage")).toBeGreaterThan(0);
    // The 404 page says max-age=60 and no stale-while-revalidate: 60 s, no grace (Varnish's default is 10 s).
    expect(notFound.status).toBe(404);
    expect(ttlOf("/nope")).toEqual({ ttl: directive(notFound, "max-age"), grace: 0 });
  });
  it("never serves one URL's object for another: each gets exactly what the origin gives for it", async () => {
    const c = client("urls.test");
    const paths = [...Object.values(LANGUAGE_URLS), ...OTHER_URLS];
    for (const round of [1, 2]) {
      for (const path of paths) {
        const cached = await c.cached(path);
        const direct = await c.direct(path);
        const what = `${path} (round ${round})`;
        expect(cached.status, what).toBe(direct.status);
        expect(cached.headers.location, what).toBe(direct.headers.location);
        expect(cached.headers["content-language"], what).toBe(direct.headers["content-language"]);
        expect(cached.headers.etag, what).toBe(direct.headers.etag);
        expect(cached.text, what).toBe(direct.text);
        if (round === 2 && cached.status === 200) expect(isHit(cached), what).toBe(true);
      }
    }
    for (const [lang, path] of Object.entries(LANGUAGE_URLS)) {
      const page = await c.cached(path);
      expect(page.status, path).toBe(200);
      expect(htmlLang(page), path).toBe(lang);
      expect(page.headers["content-language"], path).toBe(lang);
    }
  });
  it("gives brotli, gzip and identity clients each a correct body", async () => {
    const c = client("encodings.test");
    const reference = (await c.direct("/en", { "accept-encoding": "identity" })).text;
    const cases: Array<[string | undefined, string | undefined]> = [
      ["br", "br"],
      ["identity", undefined],
      ["gzip", "gzip"],
      ["gzip, deflate, br, zstd", "br"],
      ["gzip;q=1, br;q=0", "gzip"],
      ["deflate", undefined],
      ["br;q=0, gzip;q=0", undefined],
      [undefined, undefined],
    ];
    const etags = new Map<string | undefined, unknown>();
    for (const round of [1, 2]) {
      for (const [accept, expected] of cases) {
        const headers: Record<string, string> = accept === undefined ? {} : { "accept-encoding": accept };
        const r =
          accept === undefined
            ? await fetchRaw(site.varnish!.url, "/en", { host: "encodings.test", "x-forwarded-proto": "https" })
            : await c.cached("/en", headers);
        const what = `Accept-Encoding: ${accept} (round ${round})`;
        expect(r.status, what).toBe(200);
        expect(r.headers["content-encoding"], what).toBe(expected);
        expect(r.headers.vary, what).toBe("Accept-Encoding");
        expect(r.text, what).toBe(reference);
        if (round === 2) expect(isHit(r), what).toBe(true);
        if (etags.has(expected)) expect(r.headers.etag, what).toBe(etags.get(expected));
        etags.set(expected, r.headers.etag);
      }
    }
    expect(new Set(etags.values()).size).toBe(3);
  });
  it("answers a conditional request with 304, on a hit and on a miss", async () => {
    const c = client("conditional.test");
    const page = await c.cached("/privacy");
    const notModified = await c.cached("/privacy", { "if-none-match": String(page.headers.etag) });
    expect(notModified.status).toBe(304);
    expect(isHit(notModified)).toBe(true);
    expect(notModified.raw.length).toBe(0);
    expect(notModified.headers.etag).toBe(page.headers.etag);
    // Not cached yet: Varnish fetches the page and still answers the condition.
    const etag = String((await c.direct("/terms")).headers.etag);
    const first = await c.cached("/terms", { "if-none-match": etag });
    expect(first.status).toBe(304);
    expect(isHit(first)).toBe(false);
  });
  it("passes /healthz to the origin every time, never cached", async () => {
    const c = client("health.test");
    for (const path of ["/healthz", "/healthz", "/healthz?probe=1"]) {
      const r = await c.cached(path, { "x-forwarded-proto": "http" });
      expect(r.status, path).toBe(200);
      expect(r.text, path).toBe("ok");
      expect(r.headers["cache-control"], path).toBe("no-store");
      expect(isHit(r), path).toBe(false);
    }
  });
  it("ignores visitors' cookies (the shared copy is served) and never sets one", async () => {
    const c = client("cookies.test");
    const cookie = { cookie: "_ga=GA1.2.3.4; _fbp=fb.1.2.3" };
    await c.cached("/es");
    const withCookies = await c.cached("/es", cookie);
    expect(isHit(withCookies)).toBe(true);
    expect(objectId(withCookies)).toBe(String((await c.cached("/es")).headers["x-varnish"]).split(" ")[1]);
    // No answer sets a cookie, from the origin or from the cache: every kind of answer, with and
    // without a visitor's cookies, fetched and cached.
    const paths = [...Object.values(LANGUAGE_URLS), ...OTHER_URLS, "/?leads=500&interactions=5", "/healthz"];
    const replies: Reply[] = [];
    for (const path of paths)
      for (const headers of [{}, cookie])
        replies.push(await c.direct(path, headers), await c.cached(path, headers), await c.cached(path, headers));
    expect(new Set(replies.map((r) => r.status))).toEqual(new Set([200, 301, 404]));
    expect(replies.filter((r) => r.headers["set-cookie"] !== undefined).map((r) => r.headers["set-cookie"])).toEqual(
      [],
    );
  });
});
