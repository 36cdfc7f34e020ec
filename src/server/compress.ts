/**
 * The one place that compresses, with two settings chosen by how often the bytes are sent:
 * - compressOnce(): brotli 11 (text mode) and gzip 9, for bytes compressed once and sent many times:
 *   the client files at build time (build.ts), public files at start-up (staticAssets.ts) and each
 *   cached page once a day (pages.ts). Maximal settings cost nothing per request there.
 * - compressResponses(): the `compression` middleware, for bodies rendered per request (the
 *   calculator's answers): brotli 5 and gzip 6, fast rather than maximal, brotli preferred when the
 *   client accepts it, `Vary: Accept-Encoding` set.
 */
import compression from "compression";
import type { RequestHandler } from "express";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

export type Encoding = "br" | "gzip" | "identity";

export type Bodies = Record<Encoding, Buffer>;

export function compressOnce(identity: Buffer): Bodies {
  return {
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
}

export function compressResponses(): RequestHandler {
  return compression({ brotli: { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }, level: 6 });
}
