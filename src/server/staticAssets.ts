/**
 * Static files held in memory and served by Accept-Encoding: the hashed client files
 * (dist/public/assets, with the brotli and gzip copies build.ts wrote beside them) and the public
 * files (icons, preview image). No compression at request time, no disk access after start-up, and
 * only names that exist are ever looked up (so no path can traverse out of the folder).
 */
import type { RequestHandler } from "express";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { compressOnce } from "./encoding";
import { encoded, sendEncoded, type Encoded } from "./encoding";

interface Asset {
  type: string;
  body: Encoded;
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
    const file = join(dir, name);
    const identity = readFileSync(file);
    const sibling = (suffix: string) => (existsSync(file + suffix) ? readFileSync(file + suffix) : undefined);
    const [br, gzip] = [sibling(".br"), sibling(".gz")];
    const bodies =
      br || gzip ? { identity, br, gzip } : compress && COMPRESSIBLE.has(ext) ? compressOnce(identity) : { identity };
    assets.set(name, { type: TYPES[ext], body: encoded(bodies) });
  }
  return assets;
}

export function serveAssets(dir: string, cacheControl: string, compress = false): RequestHandler {
  const assets = loadStaticAssets(dir, compress);
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const asset = assets.get(req.path.slice(1));
    if (!asset) return next();
    res.setHeader("Cache-Control", cacheControl);
    sendEncoded(req, res, 200, asset.type, asset.body);
  };
}
