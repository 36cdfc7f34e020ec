/**
 * The splicer on its own (splice.ts): for any text before, any part and any text after,
 * decompressing the spliced brotli and gzip bodies gives exactly the concatenation, and the
 * plain body is the concatenation. Property tests (fast-check) over random bytes, random Unicode
 * and HTML-like text that compresses (the case where the brotli bits are really spliced, not the
 * whole recompressed).
 */
import fc from "fast-check";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { compressSurround, splice } from "./splice";

/** Text that compresses: HTML-ish tokens, digits, non-ASCII, repeated at random. */
const TOKENS = ['<div class="calc">', "</div>", "leads", " ", "1", "0", "ç", "😀", "\n", "&amp;", '"', "{}"];
const htmlish = (minLength: number) =>
  fc.array(fc.constantFrom(...TOKENS), { minLength, maxLength: 400, size: "max" }).map((tokens) => tokens.join(""));
const text = fc.oneof(
  htmlish(0).map((s) => Buffer.from(s)),
  fc.string({ unit: "grapheme", maxLength: 300 }).map((s) => Buffer.from(s)),
  fc.uint8Array({ maxLength: 400 }).map((a) => Buffer.from(a)),
);

const RUNS = { numRuns: 150 };

describe("splice: the compressed surround with a part put in", () => {
  it.each([
    ["br", brotliDecompressSync],
    ["gzip (CRC-32 and length checked by gunzip)", gunzipSync],
    ["identity", (body: Buffer) => body],
  ] as const)("%s: decoding gives exactly before + part + after", (name, decode) => {
    const encoding = name.startsWith("gzip") ? "gzip" : (name as "br" | "identity");
    fc.assert(
      fc.property(text, text, text, (before, part, after) => {
        const body = splice(compressSurround(before, after), part, encoding);
        expect(decode(body).equals(Buffer.concat([before, part, after]))).toBe(true);
      }),
      RUNS,
    );
  });

  it("brotli, text that compresses: the body continues the surround's compressed bytes (really spliced)", () => {
    const long = htmlish(100).map((s) => Buffer.from(s));
    fc.assert(
      fc.property(long, long, long, (before, part, after) => {
        const surround = compressSurround(before, after);
        const body = splice(surround, part, "br");
        // The flushed `before` ends on a byte: the body starts with it (not a whole recompression).
        expect(body.subarray(0, surround.brBefore.length).equals(surround.brBefore)).toBe(true);
        expect(brotliDecompressSync(body).equals(Buffer.concat([before, part, after]))).toBe(true);
      }),
      { numRuns: 60 },
    );
  });
});
