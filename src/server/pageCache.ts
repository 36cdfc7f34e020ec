/**
 * One rendered copy of each page per (route, language, day), kept with its brotli (quality 11) and
 * gzip (level 9) bodies and a strong ETag per encoding (compressPage). Compression happens once per
 * entry, never per request. The key space is closed (routes × languages, chosen by the app), and a
 * new day drops every entry of the old one, so memory cannot grow with traffic.
 */
import { createHash } from "node:crypto";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

export type Encoding = "br" | "gzip" | "identity";

export interface CachedPage {
  bodies: Record<Encoding, Buffer>;
  /** Strong ETags, one per encoding (different bytes, different validator). */
  etags: Record<Encoding, string>;
}

export function compressPage(html: string): CachedPage {
  const identity = Buffer.from(html, "utf8");
  const bodies: Record<Encoding, Buffer> = {
    identity,
    br: brotliCompressSync(identity, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
    gzip: gzipSync(identity, { level: 9 }),
  };
  const hash = createHash("sha256").update(identity).digest("base64url").slice(0, 22);
  return { bodies, etags: { identity: `"${hash}"`, br: `"${hash}-br"`, gzip: `"${hash}-gz"` } };
}

/** One body for one request (pages that are not cached): fast settings rather than maximal ones. */
export function compressForRequest(html: string, encoding: Encoding): Buffer {
  if (encoding === "br") return brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
  if (encoding === "gzip") return gzipSync(html, { level: 6 });
  return Buffer.from(html, "utf8");
}

export class PageCache<T> {
  private day = "";
  private readonly entries = new Map<string, T>();

  /** The entry for `key` on `day`, built on first use; a new day drops the old day's entries. */
  get(day: string, key: string, build: () => T): T {
    if (day !== this.day) {
      this.entries.clear();
      this.day = day;
    }
    let entry = this.entries.get(key);
    if (!entry) {
      entry = build();
      this.entries.set(key, entry);
    }
    return entry;
  }

  get size(): number {
    return this.entries.size;
  }
}
