import request from "supertest";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import type { PageCache } from "../../src/server/pageCache";
import { legalCopy } from "../copy";
import { LANDING_PAGES } from "../fixtures";
import { parsePage } from "./dom";
import { heaviestSegmentPaths, makeApp } from "./helpers";
import { getAsSent, listenKeptAlive } from "./wire";

describe("encodings", () => {
  const app = makeApp();

  it("sends brotli when accepted, the same bytes every time, with a strong ETag", async () => {
    const a = await getAsSent(app, "/", { "Accept-Encoding": "gzip, deflate, br" });
    const b = await getAsSent(app, "/", { "Accept-Encoding": "br" });
    expect(a.headers["content-encoding"]).toBe("br");
    expect(a.headers.vary).toBe("Accept-Encoding");
    expect(a.headers.etag).toMatch(/^"[\w-]+-br"$/);
    expect(Buffer.compare(a.body, b.body)).toBe(0);
    expect(brotliDecompressSync(a.body).toString()).toContain('<html lang="pt-BR">');
  });

  it("sends gzip when brotli is not accepted, identity when neither is", async () => {
    const gz = await getAsSent(app, "/en", { "Accept-Encoding": "gzip;q=1, br;q=0" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.body).toString()).toContain('<html lang="en">');
    const id = await getAsSent(app, "/en", { "Accept-Encoding": "identity" });
    expect(id.headers["content-encoding"]).toBeUndefined();
    expect(id.body.toString()).toContain('<html lang="en">');
    const none = await getAsSent(app, "/en", { "Accept-Encoding": "" });
    expect(none.headers["content-encoding"]).toBeUndefined();
    expect(new Set([gz.headers.etag, id.headers.etag]).size).toBe(2);
  });

  it("serves the client files (the entry, and the islands' code it imports) precompressed and immutable", async () => {
    const { document } = parsePage((await request(app).get("/")).text);
    const entry = document.querySelector<HTMLScriptElement>('script[type="module"]')!;
    const [main, islands] = [entry.getAttribute("src")!, entry.dataset.islands!];
    expect(main).toMatch(/^\/assets\/main-[A-Z0-9]+\.js$/);
    expect(islands).toMatch(/^\/assets\/islands-[A-Z0-9]+\.js$/);
    for (const src of [main, islands]) {
      const res = await getAsSent(app, src, { "Accept-Encoding": "br" });
      expect(res.status, src).toBe(200);
      expect(res.headers["content-encoding"]).toBe("br");
      expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(res.headers["content-type"]).toBe("text/javascript; charset=utf-8");
      expect(brotliDecompressSync(res.body).length).toBeGreaterThan(100);
    }
  });

  it("gives robots.txt, sitemap.xml and the icons a day", async () => {
    for (const path of [
      "/robots.txt",
      "/sitemap.xml",
      "/favicon.ico",
      "/favicon.svg",
      "/apple-touch-icon.png",
      "/og-image-pt.png",
    ]) {
      const res = await request(app).get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers["cache-control"], path).toBe("public, max-age=86400");
    }
  });
});

// 304 with no body for every cached page: conditional-and-encoding.test.ts.
describe("conditional requests", () => {
  it("a changed page (another day) no longer matches", async () => {
    let now = new Date("2026-05-10T12:00:00Z");
    const dated = makeApp({}, () => now);
    const etag = (await request(dated).get("/privacy")).headers.etag;
    now = new Date("2026-05-11T12:00:00Z");
    const res = await request(dated).get("/privacy").set("If-None-Match", etag);
    expect(res.status).toBe(200);
    expect(parsePage(res.text).text).toContain(legalCopy("common.lastUpdated", { date: "11/05/2026" }));
  });
});

describe("Cache-Control", () => {
  it("lets shared caches keep HTML only until the next midnight in TIME_ZONE, with stale-while-revalidate", async () => {
    // 23:30 in São Paulo: 30 minutes to midnight.
    const app = makeApp();
    const cc = (await request(app).get("/")).headers["cache-control"];
    const directive = (name: string) => Number(cc.match(new RegExp(`${name}=(\\d+)`))![1]);
    expect(cc).toMatch(/^public, /);
    expect(directive("s-maxage") + directive("stale-while-revalidate")).toBeLessThanOrEqual(30 * 60);
    expect(directive("max-age")).toBeLessThanOrEqual(directive("s-maxage"));
    expect(directive("stale-while-revalidate")).toBeGreaterThan(0);
  });

  it("at noon allows most of the day", async () => {
    const app = makeApp({}, () => new Date("2026-05-10T15:00:00Z")); // 12:00 in São Paulo
    const cc = (await request(app).get("/es")).headers["cache-control"];
    expect(cc).toBe("public, max-age=300, s-maxage=43140, stale-while-revalidate=60");
  });
});

describe("the page cache under a flood of distinct query strings", () => {
  it("stores nothing for the calculator's queries, one copy per page whatever the tracking parameters", async () => {
    const app = makeApp();
    const cache = app.locals.pageCache as PageCache<unknown>;
    // One listening server, one keep-alive connection, 600 requests: the cache has no size limit, so one
    // stored entry too many shows in its size.
    const server = await listenKeptAlive(app);
    const status = async (path: string) =>
      (await getAsSent(server, path, { "Accept-Encoding": "gzip, deflate" })).status;
    try {
      for (let i = 0; i < 100; i++) {
        expect(await status(`/?leads=${i + 1}&interactions=2`)).toBe(200);
        expect(await status(`/?utm_source=x${i}`)).toBe(200);
        expect(await status(`/en?utm_source=fb&utm_campaign=c${i}&fbclid=IwAR${i}&gclid=g${i}`)).toBe(200);
        expect(await status(`/es?ttclid=${i}&msclkid=${i}&gbraid=${i}&ref=r${i}`)).toBe(200);
        expect(await status(`/?lang=x${i}`)).toBe(301);
        expect(await status(`/en/missing-${i}?fbclid=${i}`)).toBe(404);
      }
    } finally {
      await server.close();
    }
    // landing:pt, landing:en, landing:es (every tracking value resolves to them) and notFound:en, nothing else.
    expect(cache.size).toBe(4);
  }, 60_000);
});

describe("the first round trip", () => {
  it.each([...LANDING_PAGES, ...heaviestSegmentPaths()])(
    "%s: headers plus brotli body fit in 14,600 bytes",
    async (path) => {
      const res = await getAsSent(makeApp({ SITE_URL: "https://www.xia-exemplo.com.br" }), path, {
        "Accept-Encoding": "br",
      });
      expect(res.headers["content-encoding"]).toBe("br");
      expect(res.headerBytes + res.body.length).toBeLessThanOrEqual(14_600);
    },
  );
});
