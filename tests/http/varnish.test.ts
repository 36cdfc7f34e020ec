/**
 * The CDN contract, proven against a real shared cache: Debian's varnishd running
 * deploy/varnish.vcl in front of the built server (dist/server.js, production settings), both on
 * ports the OS picks when they bind. Every response below went through Varnish; X-Varnish with two ids is a hit (the
 * second id names the request that fetched the object).
 */
import { request, type IncomingHttpHeaders } from "node:http";
import { writeFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import IntlMessageFormat from "intl-messageformat";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import legal from "../../locales/legal.pt.json";
import { startBuiltSite, stop, type Started } from "../../scripts/lib";
import { startVarnish, type Varnish } from "../../scripts/varnish";
import { SEGMENT_PARENTS } from "../../src/content/segmentPages";
import { SEGMENT_SAMPLE } from "../fixtures";
import { segmentPath } from "../../src/content/segments";
import { variantKey, variantsOf } from "../../src/content/variants";
import { CATALOGUES } from "../../src/content/catalogue";

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
  `${SEGMENT_PARENTS[1].path}/no-such-trade`,
];
/** Ad-click parameters (the ones attribution keeps, decision 022), and one nobody listed. */
const TRACKING = [
  "utm_source=facebook",
  "utm_medium=paid_social",
  "utm_campaign=launch",
  "utm_term=whatsapp",
  "utm_content=video1",
  "gclid=Cj0KCQiA",
  "gbraid=0AAAAA",
  "wbraid=CkQKCQ",
  "gad_source=1",
  "gad_campaignid=2087",
  "fbclid=IwAR2xYz",
  "ttclid=E.C.P.abc",
  "msclkid=5f4e3d2c",
  "ref=newsletter",
];

interface Reply {
  status: number;
  headers: IncomingHttpHeaders;
  /** As sent (compressed or not). */
  raw: Buffer;
  /** Decompressed per Content-Encoding. */
  text: string;
}

function fetchRaw(base: string, path: string, headers: Record<string, string>): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const url = new URL(base);
    const req = request({ host: url.hostname, port: url.port, path, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        const raw = Buffer.concat(chunks);
        const encoding = res.headers["content-encoding"];
        const body =
          raw.length === 0
            ? raw
            : encoding === "br"
              ? brotliDecompressSync(raw)
              : encoding === "gzip"
                ? gunzipSync(raw)
                : raw;
        resolve({ status: res.statusCode!, headers: res.headers, raw, text: body.toString("utf8") });
      });
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

const isHit = (r: Reply) => /^\d+ \d+$/.test(String(r.headers["x-varnish"]));
/** On a hit, the id of the backend fetch that stored the object it was served from. */
/** A variant's headline as the page shows it (HTML-escaped as React writes text). */
const variantTitle = (lang: "pt", page: "odontology", code: string) =>
  new IntlMessageFormat(CATALOGUES[lang][variantKey(page, code, "title")], "pt-BR")
    .format({ brand: "XIA" })
    .toString()
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;");
const objectId = (r: Reply) => String(r.headers["x-varnish"]).split(" ")[1];
const htmlLang = (r: Reply) => r.text.match(/<html lang="([^"]+)"/)?.[1];

let origin: Started;
let varnish: Varnish;
/** Each test uses a Host of its own: Host is part of the cache key, so tests cannot share objects. */
const client = (host: string, extra: Record<string, string> = {}) => {
  const headers = { host, "x-forwarded-proto": "https", "accept-encoding": "br", ...extra };
  return {
    cached: (path: string, more: Record<string, string> = {}) => fetchRaw(varnish.url, path, { ...headers, ...more }),
    direct: (path: string, more: Record<string, string> = {}) => fetchRaw(origin.url, path, { ...headers, ...more }),
  };
};

describe("through Varnish (deploy/varnish.vcl) in front of the built server", () => {
  beforeAll(async () => {
    // Production settings, HTTPS redirect included (to SITE_URL's host, decision 043): Varnish sits
    // behind the TLS-ending router.
    origin = await startBuiltSite({ FORCE_HTTPS: "true", SITE_URL: "https://www.xia.test" });
    varnish = await startVarnish(origin.port);
  }, 60_000);
  afterAll(async () => {
    await varnish?.stop();
    if (origin) await stop(origin.proc);
  });

  it("serves the second request from the cache, with the same bytes", async () => {
    const c = client("hit.test");
    const before = varnish.counters()["MAIN.cache_hit"];
    const first = await c.cached("/");
    const second = await c.cached("/");
    expect(first.status).toBe(200);
    expect(isHit(first)).toBe(false);
    expect(isHit(second)).toBe(true);
    expect(second.headers.age).toMatch(/^\d+$/);
    expect(varnish.counters()["MAIN.cache_hit"]).toBe(before + 1);
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
      for (const records of varnish.log(["BereqURL", "BereqHeader", "TTL"]).values()) {
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
    const c = client("redirect.test", { "x-forwarded-proto": "http" });
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
    const https = client("redirect.test");
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
            ? await fetchRaw(varnish.url, "/en", { host: "encodings.test", "x-forwarded-proto": "https" })
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

describe("through Varnish across the origin's midnight", () => {
  const clockDir = mkdtempSync(join(tmpdir(), "clock-"));
  const clockFile = join(clockDir, "clock");
  /**
   * The origin's clock, stopped at `time` until set again (tests/http/shifted-clock.mjs). Varnish
   * keeps real time; the test moves the origin past midnight when it chooses, so nothing below
   * depends on how fast this machine runs.
   */
  const setClock = (time: number) => writeFileSync(clockFile, `at ${time}`);

  /** Midnight of 31 December 2026 in São Paulo (TIME_ZONE's default). */
  const MIDNIGHT = new Date("2027-01-01T03:00:00Z").getTime();
  const lastUpdated = (date: string) => new IntlMessageFormat(legal["common.lastUpdated"], "pt-BR").format({ date });
  const OLD_DAY = lastUpdated("31/12/2026") as string;
  const NEW_DAY = lastUpdated("01/01/2027") as string;
  const dayOf = (r: Reply) => (r.text.includes(NEW_DAY) ? "new" : r.text.includes(OLD_DAY) ? "old" : undefined);
  const seconds = (r: Reply, name: string) =>
    Number(String(r.headers["cache-control"]).match(new RegExp(`${name}=(\\d+)`))?.[1] ?? 0);

  /** Sets the origin's clock and waits until it answers by it (it re-reads the file within ~10 ms). */
  async function moveOrigin(c: ReturnType<typeof client>, time: number) {
    setClock(time);
    const day = time < MIDNIGHT ? "old" : "new";
    const secondsLeft = Math.floor((MIDNIGHT + (time < MIDNIGHT ? 0 : 86_400_000) - time) / 1000);
    await expect
      .poll(async () => {
        const r = await c.direct("/privacy");
        return { day: dayOf(r), secondsLeft: seconds(r, "s-maxage") + seconds(r, "stale-while-revalidate") };
      })
      .toEqual({ day, secondsLeft });
  }

  beforeAll(async () => {
    setClock(new Date("2026-12-30T15:00:00Z").getTime());
    origin = await startBuiltSite({
      NODE_OPTIONS: `--import=${fileURLToPath(new URL("./shifted-clock.mjs", import.meta.url))}`,
      TEST_CLOCK_FILE: clockFile,
    });
    varnish = await startVarnish(origin.port);
  }, 60_000);
  afterAll(async () => {
    await varnish?.stop();
    if (origin) await stop(origin.proc);
    rmSync(clockDir, { recursive: true, force: true });
  });

  it("keeps the old day's page no longer than the day had left when the origin made it", async () => {
    const c = client("midnight.test", { "accept-encoding": "gzip" });
    await moveOrigin(c, MIDNIGHT - 2_500);
    const firstSent = performance.now();
    const first = await c.cached("/privacy");
    // Varnish received the page no later than this: its TTL and grace count from then at the latest.
    const receivedBy = performance.now();
    expect(dayOf(first)).toBe("old");
    expect(isHit(first)).toBe(false);
    // What the origin allowed: TTL plus grace, whole seconds certainly left in its day (2.5 s).
    const ttlMs = seconds(first, "s-maxage") * 1000;
    const lifetimeMs = ttlMs + seconds(first, "stale-while-revalidate") * 1000;
    expect(lifetimeMs).toBe(2_000);
    const secondSent = performance.now();
    const second = await c.cached("/privacy");
    expect(dayOf(second)).toBe("old");
    // Within the TTL counted from the earliest moment Varnish can have stored it, it is a hit.
    if (secondSent < firstSent + ttlMs) expect(isHit(second)).toBe(true);

    // The origin's day changes now; Varnish may keep the old page only for the time it was given.
    await moveOrigin(c, MIDNIGHT);
    const deadline = receivedBy + lifetimeMs;
    const samples: Array<{ sent: number; day: "old" | "new"; hit: boolean }> = [];
    while (samples.filter((s) => s.sent >= deadline).length < 20) {
      const sent = performance.now();
      const r = await c.cached("/privacy");
      expect(r.status).toBe(200);
      const day = dayOf(r);
      expect(day, `a page of neither day, ${Math.round(sent - receivedBy)} ms after the first answer`).toBeDefined();
      samples.push({ sent, day: day!, hit: isHit(r) });
    }
    // Past the life the origin gave it, no request got the old day's page.
    expect(samples.filter((s) => s.sent >= deadline && s.day === "old")).toEqual([]);
    // Once the new day's page came, no old one came back, and it was served from the cache from then on.
    const firstNew = samples.findIndex((s) => s.day === "new");
    expect(samples.slice(firstNew).filter((s) => s.day === "old")).toEqual([]);
    expect(samples.slice(firstNew + 1).filter((s) => !s.hit)).toEqual([]);
    const lastOld = Math.max(receivedBy, ...samples.filter((s) => s.day === "old").map((s) => s.sent));
    console.log(
      `midnight through Varnish: life given ${lifetimeMs} ms; last old-day page for a request sent ${Math.round(lastOld - receivedBy)} ms after the first answer; ${samples.length} requests after the origin's midnight, ${samples.filter((s) => s.day === "old").length} old (stale within the given life)`,
    );
  }, 30_000);

  it("leaves no mark from the day's last second: the first page after midnight is cached again at once", async () => {
    const c = client("last-second.test", { "accept-encoding": "gzip" });
    await moveOrigin(c, MIDNIGHT - 500);
    const last = await c.cached("/privacy");
    expect(dayOf(last)).toBe("old");
    expect(seconds(last, "s-maxage")).toBe(0);
    await moveOrigin(c, MIDNIGHT);
    const next = await c.cached("/privacy");
    expect(dayOf(next)).toBe("new");
    const again = await c.cached("/privacy");
    expect(dayOf(again)).toBe("new");
    expect(isHit(again)).toBe(true);
  });
});
