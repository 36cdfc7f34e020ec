/**
 * Requests through Varnish (deploy/varnish.vcl) in front of the built server, for the CDN contract's
 * tests (varnish.test.ts, varnish-query.test.ts, varnish-midnight.test.ts): each starts its own origin
 * and Varnish on ports the OS picks. X-Varnish with two ids is a hit (the second id names the
 * request that fetched the object).
 */
import { request, type IncomingHttpHeaders } from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll } from "vitest";
import { startBuiltSite, stop, type Started } from "../../scripts/lib";
import { startVarnish, type Varnish } from "../../scripts/varnish";

/** Ad-click parameters (the ones attribution keeps, decision 022), and one nobody listed. */
export const TRACKING = [
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

export interface Reply {
  status: number;
  headers: IncomingHttpHeaders;
  /** As sent (compressed or not). */
  raw: Buffer;
  /** Decompressed per Content-Encoding. */
  text: string;
}

export function fetchRaw(base: string, path: string, headers: Record<string, string>): Promise<Reply> {
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

export const isHit = (r: Reply) => /^\d+ \d+$/.test(String(r.headers["x-varnish"]));
/** On a hit, the id of the backend fetch that stored the object it was served from. */
export const objectId = (r: Reply) => String(r.headers["x-varnish"]).split(" ")[1];
export const htmlLang = (r: Reply) => r.text.match(/<html lang="([^"]+)"/)?.[1];

/**
 * A built origin (production settings unless `env` says otherwise) and Varnish in front of it, for
 * the file that calls this (started before its tests, ended after them, even when one fails); and a
 * client per test: each uses a Host of its own (Host is part of the cache key, so tests cannot share
 * objects).
 */
export function useVarnish(env: Record<string, string> = { FORCE_HTTPS: "true", SITE_URL: "https://www.xia.test" }) {
  const site: { origin?: Started; varnish?: Varnish } = {};
  beforeAll(async () => {
    site.origin = await startBuiltSite(env, "dist/server.js", Infinity);
    site.varnish = await startVarnish(site.origin.port);
  }, 60_000);
  afterAll(async () => {
    await site.varnish?.stop();
    if (site.origin) await stop(site.origin.proc);
  });
  const client = (host: string, extra: Record<string, string> = {}) => {
    const headers = { host, "x-forwarded-proto": "https", "accept-encoding": "br", ...extra };
    return {
      cached: (path: string, more: Record<string, string> = {}) =>
        fetchRaw(site.varnish!.url, path, { ...headers, ...more }),
      direct: (path: string, more: Record<string, string> = {}) =>
        fetchRaw(site.origin!.url, path, { ...headers, ...more }),
    };
  };
  return { site, client };
}
