/**
 * A compressed text with one part put in per request, on Buffers (no HTTP here; decision 040): the
 * text around the part is compressed once, and per request only the part is compressed and joined
 * in, so that decompressing the result gives exactly `before + part + after`
 * (tests: splice.test.ts, property tests over random texts and parts).
 *
 * A gzip member is one deflate stream; a brotli stream is a header and a run of meta-blocks. Both
 * can be cut after a flush (byte-aligned, not final) and continued by data compressed on its own,
 * provided that data never refers to what came before it:
 * - deflate: a raw deflate stream only refers back into its own bytes, and a sync flush ends it on
 *   a byte; the gzip trailer's CRC-32 is continued part by part (zlib.crc32's second argument).
 * - brotli: qualities 0 and 1 compress "independently from the input history" (brotli's
 *   compress_fragment*.c): no static dictionary, no distance from before their own start, no
 *   "last distance" they did not set themselves, one literal tree (no context from earlier bytes).
 *   Their output is a stream of its own: its window-size header (1, 4 or 7 bits) is dropped, and
 *   the part's closing "last, empty" meta-block too, and the rest is appended bit by bit. That is
 *   only sound while the appended bits hold nothing byte-aligned (an uncompressed meta-block, a
 *   flush's padding): the part is finished, not flushed, and compressed data shorter than its
 *   input holds no uncompressed meta-block; else the whole text is compressed at once.
 * So the text before the part is compressed once at the maximum (brotli 11, gzip 9), the text
 * after it once (gzip 9; brotli at the per-request quality, the only ones that can follow), and per
 * request only the part.
 */
import { brotliCompressSync, constants, crc32, deflateRawSync, gzipSync } from "node:zlib";
import type { Encoding } from "../encoding";

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
    const v = shiftedBy(variants, shift);
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
/**
 * Compressed bits ready to append at any bit offset: the copy shifted for an offset is made the
 * first time an answer needs it and kept (a page's answers use a few of the eight; making all eight
 * up front held about 50 KB per page for nothing; issue 25's memory budget).
 */
interface Shifted {
  src: Buffer;
  from: number;
  shifted: Array<Buffer | undefined>;
  bits: number;
}

function shifted(src: Buffer, from: number): Shifted {
  return { src, from, shifted: [], bits: src.length * 8 - from };
}

/** `variants`' bits shifted to start at bit `offset` of a byte. */
function shiftedBy(variants: Shifted, offset: number): Buffer {
  let bytes = variants.shifted[offset];
  if (!bytes) {
    const w = new BitWriter(variants.src.length + 1, offset);
    w.append(variants.src, variants.from);
    bytes = variants.shifted[offset] = Buffer.from(w.bytes());
  }
  return bytes;
}

/**
 * The CRC-32 of `data` continued from `crc`. Node's zlib.crc32 returns 0 for some empty buffers (a
 * zero-length view) whatever `crc` it is given, so an empty piece leaves `crc` as it is.
 */
const crcContinued = (data: Buffer, crc: number) => (data.length ? crc32(data, crc) : crc);

const GZIP_HEADER = gzipSync(Buffer.alloc(0)).subarray(0, 10);

/** The text around the per-request part, compressed once and ready to be joined to any part. */
export interface Surround {
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

/**
 * Compresses what surrounds the per-request part, once (for a page: once a day), each encoding on
 * its first use and kept: a page answered only in gzip never pays for brotli 11 (about ten times gzip
 * 9's work), and the bytes are the same whichever is asked first (as compressOnce(), decision 101).
 */
export function compressSurround(before: Buffer, after: Buffer): Surround {
  let br: Pick<Surround, "brBefore" | "brAfter"> | undefined;
  let gz: Pick<Surround, "gzBefore" | "gzAfter"> | undefined;
  const brotli = () =>
    (br ??= {
      brBefore: brotliCompressSync(before, {
        finishFlush: constants.BROTLI_OPERATION_FLUSH,
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 11,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: before.length + after.length,
        },
      }),
      brAfter: brotliAfter(after),
    });
  const gzip = () =>
    (gz ??= {
      gzBefore: Buffer.concat([GZIP_HEADER, deflateRawSync(before, { level: 9, finishFlush: constants.Z_SYNC_FLUSH })]),
      gzAfter: deflateRawSync(after, { level: 9 }),
    });
  return {
    before,
    after,
    get brBefore() {
      return brotli().brBefore;
    },
    get brAfter() {
      return brotli().brAfter;
    },
    get gzBefore() {
      return gzip().gzBefore;
    },
    get gzAfter() {
      return gzip().gzAfter;
    },
    crcBefore: crc32(before),
  };
}

/** `after` at the per-request brotli quality, ready to append; null when unfit (see Surround). */
function brotliAfter(after: Buffer): Shifted | null {
  const compressed = brotliCompressSync(after, brotliFast);
  return compressed.length < after.length ? shifted(compressed, brotliHeaderBits(compressed)) : null;
}

/** `before + part + after` in `encoding`: only `part` is compressed here. */
export function splice(surround: Surround, part: Buffer, encoding: Encoding): Buffer {
  const { before, after } = surround;
  if (encoding === "identity") return Buffer.concat([before, part, after]);
  if (encoding === "gzip") {
    const crc = crcContinued(after, crcContinued(part, surround.crcBefore));
    const trailer = Buffer.alloc(8);
    trailer.writeUInt32LE(crc >>> 0, 0);
    trailer.writeUInt32LE((before.length + part.length + after.length) >>> 0, 4);
    const middle = deflateRawSync(part, { level: PER_REQUEST.gzipLevel, finishFlush: constants.Z_SYNC_FLUSH });
    return Buffer.concat([surround.gzBefore, middle, surround.gzAfter, trailer]);
  }
  const middle = brotliCompressSync(part, brotliFast);
  if (!surround.brAfter || middle.length >= part.length)
    return brotliCompressSync(Buffer.concat([before, part, after]), brotliFast);
  const out = new BitWriter(surround.brBefore.length + middle.length + surround.brAfter.src.length + 2);
  out.append(surround.brBefore, 0);
  out.append(middle, brotliHeaderBits(middle), brotliDataEnd(middle));
  out.appendShifted(surround.brAfter);
  return out.bytes();
}
