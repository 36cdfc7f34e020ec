/**
 * Content negotiation and encoded bodies, in one place:
 * - chooseEncoding()/negotiateEncoding(): the best encoding a client accepts.
 * - compressOnce(): brotli 11 (text mode) and gzip 9, for bytes compressed once and sent many times:
 *   the client files at build time (build.ts), public files at start-up (staticAssets.ts) and each
 *   cached page once a day (pageSender.ts). Maximal settings cost nothing per request there.
 * - Spliced/sendSpliced(): a page of which one part is rendered per request (the calculator's
 *   answer): the bytes around that part are compressed once, at the cached pages' settings for
 *   what comes before it, and per request only the part is compressed and joined in (decision 040).
 * - Encoded/sendEncoded(): a body kept in every encoding it is sent in, with one strong ETag per
 *   encoding (different bytes, different validator), sent with `Vary: Accept-Encoding` and a 304
 *   when Express's freshness check (req.fresh: lists, `*`, `W/`) finds the client's copy current.
 */
import { createHash } from "node:crypto";
import type { Request, Response } from "express";
import { brotliCompressSync, constants, crc32, deflateRawSync, gzipSync } from "node:zlib";

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

/*
 * Spliced bodies (decision 040). A gzip member is one deflate stream; a brotli stream is a header
 * and a run of meta-blocks. Both can be cut after a flush (byte-aligned, not final) and continued
 * by data compressed on its own, provided that data never refers to what came before it:
 * - deflate: a raw deflate stream only refers back into its own bytes, and a sync flush ends it on
 *   a byte; the gzip trailer's CRC-32 is continued part by part (zlib.crc32's second argument).
 * - brotli: qualities 0 and 1 compress "independently from the input history" (brotli's
 *   compress_fragment*.c): no static dictionary, no distance from before their own start, no
 *   "last distance" they did not set themselves, one literal tree (no context from earlier bytes).
 *   Their output is a stream of its own: its window-size header (1, 4 or 7 bits) is dropped, and
 *   the part's closing "last, empty" meta-block too, and the rest is appended bit by bit. That is
 *   only sound while the appended bits hold nothing byte-aligned (an uncompressed meta-block, a
 *   flush's padding): the part is finished, not flushed, and compressed data shorter than its
 *   input holds no uncompressed meta-block; else the page is compressed whole.
 * So the page before the part is compressed once at the maximum (brotli 11, gzip 9), the page
 * after it once (gzip 9; brotli at the per-request quality, the only ones that can follow), and per
 * request only the part.
 */

/** Per-request compression settings, measured for the calculator's answers (decision 040). */
export const PER_REQUEST = { brotliQuality: 1, gzipLevel: 6 } as const;

const brotliFast = { params: { [constants.BROTLI_PARAM_QUALITY]: PER_REQUEST.brotliQuality } };

/** A brotli stream's window-size header length in bits (RFC 7932, section 9.1). */
function brotliHeaderBits(stream: Buffer): number {
  if ((stream[0] & 1) === 0) return 1;
  return (stream[0] >> 1) & 7 ? 4 : 7;
}

/**
 * Where a finished brotli stream's data ends: before its closing ISLAST and ISLASTEMPTY bits,
 * which are the last two set bits (only zero padding follows them).
 */
function brotliDataEnd(stream: Buffer): number {
  let i = stream.length - 1;
  while (i > 0 && stream[i] === 0) i--;
  return i * 8 + (31 - Math.clz32(stream[i])) - 1;
}

/** Bit strings (LSB first, as brotli writes them) appended into one buffer. */
class BitWriter {
  private readonly out: Buffer;
  private bit = 0;
  constructor(capacity: number, startBit = 0) {
    this.out = Buffer.alloc(capacity);
    this.bit = startBit;
  }
  /** Bits prepared by shifted() for the offset this writer is at, `bits` long from that offset. */
  appendShifted(variants: Shifted): void {
    const shift = this.bit & 7;
    const at = this.bit >> 3;
    const v = variants.bytes[shift];
    this.out[at] |= v[0];
    v.copy(this.out, at + 1, 1);
    this.bit += variants.bits;
  }
  /** The bits of `src` from `from` up to (not including) `to`. */
  append(src: Buffer, from: number, to = src.length * 8): void {
    if ((from & 7) === 0 && (this.bit & 7) === 0 && (to & 7) === 0) {
      src.copy(this.out, this.bit >> 3, from >> 3, to >> 3);
      this.bit += to - from;
      return;
    }
    // Byte by byte: each source byte, re-aligned to `from`, lands over one or two output bytes.
    const skip = from & 7;
    for (let i = from >> 3, left = to - from; left > 0; i++) {
      const n = Math.min(8, left);
      const value = ((src[i] >> skip) | (skip ? (src[i + 1] ?? 0) << (8 - skip) : 0)) & ((1 << n) - 1);
      const at = this.bit >> 3;
      const shift = this.bit & 7;
      this.out[at] |= (value << shift) & 0xff;
      if (shift + n > 8) this.out[at + 1] |= value >> (8 - shift);
      this.bit += n;
      left -= n;
    }
  }
  bytes(): Buffer {
    return this.out.subarray(0, (this.bit + 7) >> 3);
  }
}

/** The bits of `src` from `from` on, written once for each of the 8 offsets a byte can start at. */
interface Shifted {
  bytes: Buffer[];
  bits: number;
}

function shifted(src: Buffer, from: number): Shifted {
  const bytes = Array.from({ length: 8 }, (_, offset) => {
    const w = new BitWriter(src.length + 1, offset);
    w.append(src, from);
    return Buffer.from(w.bytes());
  });
  return { bytes, bits: src.length * 8 - from };
}

const GZIP_HEADER = gzipSync(Buffer.alloc(0)).subarray(0, 10);

export interface Spliced {
  before: Buffer;
  after: Buffer;
  /** `before` in brotli 11 and in gzip 9 (with the gzip header), flushed, not final. */
  brBefore: Buffer;
  gzBefore: Buffer;
  /**
   * `after` compressed on its own (brotli at the per-request quality), final, without its stream
   * header, ready for each bit offset; null when unfit to append.
   */
  brAfter: Shifted | null;
  gzAfter: Buffer;
  crcBefore: number;
}

/** Compresses what surrounds the per-request part, once (a page cache entry: once a day). */
export function spliced(before: Buffer, after: Buffer): Spliced {
  const brAfter = brotliCompressSync(after, brotliFast);
  return {
    before,
    after,
    brBefore: brotliCompressSync(before, {
      finishFlush: constants.BROTLI_OPERATION_FLUSH,
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: before.length + after.length,
      },
    }),
    gzBefore: Buffer.concat([GZIP_HEADER, deflateRawSync(before, { level: 9, finishFlush: constants.Z_SYNC_FLUSH })]),
    brAfter: brAfter.length < after.length ? shifted(brAfter, brotliHeaderBits(brAfter)) : null,
    gzAfter: deflateRawSync(after, { level: 9 }),
    crcBefore: crc32(before),
  };
}

/** The whole body with `part` in place, in `encoding`: only `part` is compressed here. */
export function splicedBody(page: Spliced, part: Buffer, encoding: Encoding): Buffer {
  if (encoding === "identity") return Buffer.concat([page.before, part, page.after]);
  if (encoding === "gzip") {
    const crc = crc32(page.after, crc32(part, page.crcBefore));
    const trailer = Buffer.alloc(8);
    trailer.writeUInt32LE(crc >>> 0, 0);
    trailer.writeUInt32LE((page.before.length + part.length + page.after.length) >>> 0, 4);
    const middle = deflateRawSync(part, { level: PER_REQUEST.gzipLevel, finishFlush: constants.Z_SYNC_FLUSH });
    return Buffer.concat([page.gzBefore, middle, page.gzAfter, trailer]);
  }
  const middle = brotliCompressSync(part, brotliFast);
  if (!page.brAfter || middle.length >= part.length)
    return brotliCompressSync(Buffer.concat([page.before, part, page.after]), brotliFast);
  const out = new BitWriter(page.brBefore.length + middle.length + page.brAfter.bytes[0].length + 1);
  out.append(page.brBefore, 0);
  out.append(middle, brotliHeaderBits(middle), brotliDataEnd(middle));
  out.appendShifted(page.brAfter);
  return out.bytes();
}

/**
 * Sends a spliced page: the encoding the client accepts, `Vary: Accept-Encoding`, no ETag (the
 * answer is the request's own and is never stored) and so never a 304.
 */
export function sendSpliced(req: Request, res: Response, type: string, page: Spliced, part: Buffer) {
  const encoding = negotiateEncoding(req);
  const body = splicedBody(page, part, encoding);
  res.setHeader("Vary", "Accept-Encoding");
  if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Type", type);
  res.setHeader("Content-Length", body.length);
  res.status(200).end(body);
}
