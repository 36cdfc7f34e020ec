/**
 * Static files held in memory and served by Accept-Encoding: the hashed client files
 * (dist/public/assets, with the brotli and gzip copies build.ts wrote beside them) and the public
 * files (icons, preview image). No compression at request time, no disk access after start-up, and
 * only names that exist are ever looked up (so no path can traverse out of the folder).
 */
import type { RequestHandler } from "express";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { createHash } from "node:crypto";
import { join } from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { negotiateEncoding } from "./http";
import type { Encoding } from "./pageCache";

interface Asset {
  type: string;
  bodies: Partial<Record<Encoding, Buffer>>;
  etag: string;
}

const TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".webmanifest": "application/manifest+json",
};
const COMPRESSIBLE = new Set([".js", ".map", ".css", ".svg", ".webmanifest", ".ico"]);

/**
 * Every file of `dir` with a known type, read once. Precompressed `.br`/`.gz` siblings are used when
 * present; with `compress`, text files without them are compressed once here.
 */
export function loadStaticAssets(dir: string, compress = false): Map<string, Asset> {
  const assets = new Map<string, Asset>();
  if (!existsSync(dir)) return assets;
  for (const name of readdirSync(dir)) {
    const ext = name.slice(name.lastIndexOf("."));
    if (!(ext in TYPES)) continue;
    const identity = readFileSync(join(dir, name));
    const read = (suffix: string, make: (b: Buffer) => Buffer) =>
      existsSync(join(dir, name + suffix))
        ? readFileSync(join(dir, name + suffix))
        : compress && COMPRESSIBLE.has(ext)
          ? make(identity)
          : undefined;
    assets.set(name, {
      type: TYPES[ext],
      bodies: {
        identity,
        br: read(".br", (b) => brotliCompressSync(b)),
        gzip: read(".gz", (b) => gzipSync(b, { level: 9 })),
      },
      etag: `"${createHash("sha256").update(identity).digest("base64url").slice(0, 22)}"`,
    });
  }
  return assets;
}

export function serveAssets(dir: string, cacheControl: string, compress = false): RequestHandler {
  const assets = loadStaticAssets(dir, compress);
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const asset = assets.get(req.path.slice(1));
    if (!asset) return next();
    let encoding = negotiateEncoding(req);
    if (!asset.bodies[encoding]) encoding = "identity";
    res.setHeader("Cache-Control", cacheControl);
    res.setHeader("Vary", "Accept-Encoding");
    res.setHeader("ETag", asset.etag);
    if (req.headers["if-none-match"] === asset.etag) return void res.status(304).end();
    if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
    res.type(asset.type).send(asset.bodies[encoding]);
  };
}
