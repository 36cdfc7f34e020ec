/**
 * The hashed client files (dist/public/assets), held in memory with the brotli and gzip copies
 * build.ts wrote beside them, and served by Accept-Encoding with immutable caching. No compression
 * at request time, no disk reads after start-up, and only names that exist are ever looked up
 * (so no path can traverse out of the folder).
 */
import type { RequestHandler } from "express";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { negotiateEncoding } from "./http";
import type { Encoding } from "./pageCache";

interface Asset { type: string; bodies: Partial<Record<Encoding, Buffer>>; etag: string }

const TYPES: Record<string, string> = { ".js": "text/javascript; charset=utf-8", ".map": "application/json; charset=utf-8", ".css": "text/css; charset=utf-8" };

export function loadStaticAssets(dir: string): Map<string, Asset> {
  const assets = new Map<string, Asset>();
  if (!existsSync(dir)) return assets;
  for (const name of readdirSync(dir)) {
    const ext = name.slice(name.lastIndexOf("."));
    if (!(ext in TYPES)) continue;
    const read = (suffix: string) => (existsSync(join(dir, name + suffix)) ? readFileSync(join(dir, name + suffix)) : undefined);
    // The name carries the content hash: it is the validator.
    assets.set(name, { type: TYPES[ext], bodies: { identity: read(""), br: read(".br"), gzip: read(".gz") }, etag: `"${name}"` });
  }
  return assets;
}

export function serveAssets(dir: string): RequestHandler {
  const assets = loadStaticAssets(dir);
  return (req, res, next) => {
    const asset = assets.get(req.path.slice(1));
    if (!asset) return next();
    let encoding = negotiateEncoding(req);
    if (!asset.bodies[encoding]) encoding = "identity";
    res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
    res.setHeader("Vary", "Accept-Encoding");
    res.setHeader("ETag", asset.etag);
    if (req.headers["if-none-match"] === asset.etag) return void res.status(304).end();
    if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
    res.type(asset.type).send(asset.bodies[encoding]);
  };
}
