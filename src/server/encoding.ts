/**
 * Content negotiation and encoded bodies, in one place:
 * - chooseEncoding()/negotiateEncoding(): the best encoding a client accepts.
 * - compressOnce(): brotli 11 (text mode) and gzip 9, each on first use, for bytes compressed once and sent many times:
 *   the client files at build time (build.ts), public files at start-up (staticAssets.ts) and each
 *   cached page once a day (pageSender.ts). Maximal settings cost nothing per request there. (The
 *   calculator's answers are compressed by splicing: src/server/calculator/splice.ts, decision 040.)
 * - Encoded/sendEncoded(): a body kept in every encoding it is sent in, with one strong ETag per
 *   encoding (different bytes, different validator), sent with `Vary: Accept-Encoding` and a 304
 *   when Express's freshness check (req.fresh: lists, `*`, `W/`) finds the client's copy current.
 */
import { createHash } from "node:crypto";
import type { Request, Response } from "express";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

export type Encoding = "br" | "gzip" | "identity";

export type Bodies = Record<Encoding, Buffer>;

/**
 * The best encoding the client accepts: highest q-value, ties going to brotli, then gzip, then
 * identity. `*` covers what is not named; a malformed header is read as far as it makes sense.
 */
export function negotiateEncoding(req: Request): Encoding {
  return chooseEncoding(req.headers["accept-encoding"]);
}

const PREFERENCE: Encoding[] = ["br", "gzip", "identity"];

export function chooseEncoding(header: string | undefined): Encoding {
  if (!header) return "identity";
  const q = new Map<string, number>();
  for (const part of header.slice(0, 512).split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    if (!name) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    q.set(name, Number.isFinite(value) ? Math.min(Math.max(value, 0), 1) : 0);
  }
  const star = q.get("*");
  const weight = (e: Encoding) => q.get(e) ?? (e === "identity" ? (star ?? 1) : (star ?? 0));
  let best: Encoding = "identity";
  let bestWeight = -1;
  for (const e of PREFERENCE) {
    const w = weight(e);
    if (w > 0 && w > bestWeight) {
      best = e;
      bestWeight = w;
    }
  }
  return best;
}

/**
 * The body in every encoding, each compressed on its first use and kept: a page asked for with gzip
 * only never pays for brotli 11 (about ten times gzip 9's work), and the bytes are the same whichever
 * is asked first (issue 39: most of the quick tier's time was brotli for pages no test asked in br).
 */
export function compressOnce(identity: Buffer): Bodies {
  let br: Buffer | undefined;
  let gzip: Buffer | undefined;
  return {
    identity,
    get br() {
      return (br ??= brotliCompressSync(identity, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 11,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
        },
      }));
    },
    get gzip() {
      return (gzip ??= gzipSync(identity, { level: 9 }));
    },
  };
}

export interface Encoded {
  bodies: Partial<Record<Encoding, Buffer>> & { identity: Buffer };
  etags: Record<Encoding, string>;
}

const SUFFIX: Record<Encoding, string> = { identity: "", br: "-br", gzip: "-gz" };

/** The strong ETags of a body, one per encoding, from the hash of its uncompressed bytes. */
export function strongEtags(identity: Buffer): Record<Encoding, string> {
  const hash = createHash("sha256").update(identity).digest("base64url").slice(0, 22);
  const tag = (encoding: Encoding) => `"${hash}${SUFFIX[encoding]}"`;
  return { identity: tag("identity"), br: tag("br"), gzip: tag("gzip") };
}

export function encoded(bodies: Encoded["bodies"]): Encoded {
  return { bodies, etags: strongEtags(bodies.identity) };
}

/** Sends `body` in the best encoding it has that the client accepts (identity when none). */
export function sendEncoded(req: Request, res: Response, status: number, type: string, body: Encoded) {
  let encoding = negotiateEncoding(req);
  if (!body.bodies[encoding]) encoding = "identity";
  res.setHeader("Vary", "Accept-Encoding");
  res.setHeader("ETag", body.etags[encoding]);
  res.status(status);
  if (req.fresh) return void res.status(304).end();
  if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
  res.type(type).send(body.bodies[encoding]);
}
