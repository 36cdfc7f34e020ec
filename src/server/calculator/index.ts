/**
 * The calculator on the server, in one folder (decisions 040, 049, 059): its props and island
 * (props.tsx), and its no-JavaScript answer (`?leads=…&interactions=…`), here: a cached page that holds the calculator island (the landing pages; any page whose key and
 * render the caller passes) with only the island rendered for the request and put in place.
 * - The daily cut: once per page key and day, the page is rendered with no answer and cut at the
 *   blank island (this renderer's own render for no answer, found exactly once, else the cut fails
 *   loudly with the key); its two sides are CSP-hashed and compressed once (splice.ts).
 * - Per request: the island from its kind's template (islandTemplate.tsx), its inline hashes
 *   between the two sides', and the body compressed by splicing the island in.
 * HTTP (headers, encoding negotiation) stays with the caller: pageSender.ts `sendAnswer`. The
 * browser side: the island src/islands/Calculator.tsx and the arithmetic src/shared/calculator.ts.
 */
import type { CalculatorQuery } from "../../shared/calculator";
import type { Lang } from "../../shared/languages";
import type { PageSettings } from "../../content/site";
import { sourceRef, type Source } from "../../content/source";
import type { Encoding } from "../encoding";
import { PageCache } from "../pageCache";
import { inlineHashes, joinHashes, type InlineHashes } from "../security";
import { islandRenderer } from "./islandTemplate";
import { calculatorProps } from "./props";
import { compressSurround, splice, type Surround } from "./splice";

/** One answer: what the CSP hashes and the body in each encoding. */
export interface Answer {
  /** The page's inline hashes in document order: the side before the island, the island's, the side after. */
  hashes: InlineHashes;
  /** The whole page with the answer's island, in `encoding` (only the island is compressed here). */
  body(encoding: Encoding): Buffer;
}

export interface AnswerRenderer {
  /** The calculator island for `query`, byte for byte as a page rendered for that answer holds it. */
  island(query: CalculatorQuery): string;
  /**
   * The answer for `query` in page `key` of `day`: `page` gives that page with no answer (called
   * once per key and day: its HTML, or the bytes the page cache already holds, which the cut then
   * shares instead of copying); the page must hold the island exactly once.
   */
  answer(day: string, key: string, page: () => string | Buffer, query: CalculatorQuery): Answer;
  /** Template kinds kept (tests, diagnostics). */
  kinds(): { templates: number; react: number };
}

/** A page cut at its island: the two sides, compressed and hashed once. */
interface Cut {
  surround: Surround;
  hashesBefore: InlineHashes;
  hashesAfter: InlineHashes;
}

/** `page` split around `part`, which it must hold exactly once, as views of its bytes (no copy). */
function cutBytesAround(page: Buffer, part: Buffer, key: string): [before: Buffer, after: Buffer] {
  const at = page.indexOf(part);
  if (at === -1) throw new Error(`${key}: the calculator island (rendered with no answer) is not in the page`);
  if (page.indexOf(part, at + 1) !== -1) throw new Error(`${key}: the calculator island is in the page twice`);
  return [page.subarray(0, at), page.subarray(at + part.length)];
}

/**
 * The answers in language `lang` with these settings, on an ad's page with `source` (none: the clean
 * landing page; decision 056: the island's links carry its reference): the island's props (all
 * but the answer) built once, its templates and each page's daily cut kept here, nowhere else.
 */
export function createAnswerRenderer(settings: PageSettings, lang: Lang, source: Source | null = null): AnswerRenderer {
  const island = islandRenderer(calculatorProps(settings, lang, source ? sourceRef(source) : null, source?.xa ?? null));
  const cuts = new PageCache<Cut>();
  return {
    island,
    kinds: island.kinds,
    answer(day, key, page, query) {
      const cut = cuts.get(day, key, () => {
        const given = page();
        const whole = typeof given === "string" ? Buffer.from(given) : given;
        const [before, after] = cutBytesAround(whole, Buffer.from(island({})), key);
        return {
          surround: compressSurround(before, after),
          hashesBefore: inlineHashes(before.toString()),
          hashesAfter: inlineHashes(after.toString()),
        };
      });
      const part = island(query);
      const bytes = Buffer.from(part);
      return {
        hashes: joinHashes(cut.hashesBefore, inlineHashes(part), cut.hashesAfter),
        body: (encoding) => splice(cut.surround, bytes, encoding),
      };
    },
  };
}
