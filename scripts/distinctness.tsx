/**
 * Distinct pages, not doorways (issue 25 item 5, decision 055): per language, how much of a
 * segment page's own text another segment page shares, and the worst pair.
 *
 *   npx tsx scripts/distinctness.tsx       # prints each language's worst pair; exit 1 over the limits
 *
 * A page's own text is what it shows outside the parts every segment page shares (header, pricing,
 * calculator, general questions, the other segments' links, footer): its hero with the sample
 * chat, its "how it works for you" blocks, its own questions and closing line, rendered by the
 * page's own components (src/components/segment/parts.tsx) in the page's language. The hero's
 * fixed labels (the start button, the badges, the chat's header) are counted as the page's text:
 * they are in every pair's shared words, as a visitor would see them.
 *
 * Shared words: a word of page A counts as shared with B when it stands in a run of SHINGLE words
 * that B's own text also has (same words, same order, case and punctuation aside). Single common
 * words ("de", "the", "para") do not make two pages alike; a sentence written once and used for two
 * trades does. share(A, B) is A's shared words over A's words; a pair's score is the larger of
 * share(A, B) and share(B, A). Limits: every pair under MAX_SHARE, and every page with at least
 * MIN_UNIQUE_BLOCKS blocks (a heading, a paragraph, a message, a question or an answer) that no
 * other page in that language has word for word. Missing copy (keys still absent from
 * locales/segments/) fails first, naming the keys.
 */
import { renderToString } from "react-dom/server";
import { fileURLToPath } from "node:url";
import { Hero } from "../src/components/landing/Hero";
import { FaqItem } from "../src/components/landing/Faq";
import { HowItWorks, segmentHero, segmentQuestions } from "../src/components/segment/parts";
import { CATALOGUES, translator } from "../src/content/catalogue";
import { segmentCopyKeys } from "../src/content/segmentPages";
import { SEGMENT_KEYS, type SegmentKey } from "../src/content/segments";
import type { PageContext } from "../src/content/pageContext";
import { loadConfig } from "../src/server/config";
import { LANGS, type Lang } from "../src/shared/languages";

export const SHINGLE = 3;
export const MAX_SHARE = 0.5;
export const MIN_UNIQUE_BLOCKS = 3;

const BLOCK = /<\/?(?:h[1-6]|p|li|summary|figcaption|details|ol|ul|section|div|header)\b[^>]*>/g;
const ENTITIES: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#x27;": "'" };

/** The blocks of text of some HTML: one per heading, paragraph, list item…, tags and entities gone. */
export function blocksOf(html: string): string[] {
  return html
    .replace(/<svg[\s\S]*?<\/svg>/g, "")
    .replace(BLOCK, "\n")
    .replace(/<[^>]+>/g, "")
    .replace(/&(?:amp|lt|gt|quot|#x27);/g, (e) => ENTITIES[e])
    .split("\n")
    .map((b) => b.replace(/\s+/g, " ").trim())
    .filter(Boolean);
}

/** A page's own text in blocks, rendered by the page's own components. */
export function ownBlocks(lang: Lang, key: SegmentKey): string[] {
  const settings = loadConfig({}).page;
  const ctx: PageContext = {
    lang,
    settings,
    t: translator(lang),
    today: { year: 2027, ptBr: "", iso: "" },
    sprite: "",
    source: { page: key, variant: null },
    ref: null,
    xa: null,
    appHref: settings.appUrl,
    calculator: null,
  };
  const html = renderToString(
    <>
      <Hero ctx={ctx} copy={segmentHero(ctx, key)} />
      <HowItWorks ctx={ctx} segment={key} />
      {segmentQuestions(ctx, key).map((q) => (
        <FaqItem ctx={ctx} question={q} key={q.q} />
      ))}
      <p>{ctx.t(`seg.${key}.closing`, { brand: settings.brandName })}</p>
    </>,
  );
  return blocksOf(html);
}

const wordsOf = (blocks: string[]) => blocks.map((b) => b.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);

function shingles(blocks: string[][]): Set<string> {
  const out = new Set<string>();
  for (const words of blocks)
    for (let i = 0; i + SHINGLE <= words.length; i++) out.add(words.slice(i, i + SHINGLE).join(" "));
  return out;
}

/** The share of `a`'s words that stand in a run of SHINGLE words `b` also has. */
export function sharedShare(a: string[], b: string[]): number {
  const wordsA = wordsOf(a);
  const other = shingles(wordsOf(b));
  let total = 0;
  let shared = 0;
  for (const words of wordsA) {
    const covered = new Array<boolean>(words.length).fill(false);
    for (let i = 0; i + SHINGLE <= words.length; i++)
      if (other.has(words.slice(i, i + SHINGLE).join(" "))) covered.fill(true, i, i + SHINGLE);
    total += words.length;
    shared += covered.filter(Boolean).length;
  }
  return total === 0 ? 1 : shared / total;
}

export interface LanguageReport {
  lang: Lang;
  /** `seg.…` keys the table asks for that this language's catalogue lacks. */
  missing: string[];
  worst: { a: SegmentKey; b: SegmentKey; share: number };
  /** The page with the fewest blocks no other page has, and how many. */
  fewestUnique: { key: SegmentKey; count: number };
}

export function report(lang: Lang): LanguageReport {
  const missing = SEGMENT_KEYS.flatMap(segmentCopyKeys).filter((k) => !Object.hasOwn(CATALOGUES[lang], k));
  const pages = new Map(SEGMENT_KEYS.map((key) => [key, ownBlocks(lang, key)]));
  let worst: LanguageReport["worst"] = { a: SEGMENT_KEYS[0], b: SEGMENT_KEYS[1], share: 0 };
  for (const [i, a] of SEGMENT_KEYS.entries())
    for (const b of SEGMENT_KEYS.slice(i + 1)) {
      const share = Math.max(sharedShare(pages.get(a)!, pages.get(b)!), sharedShare(pages.get(b)!, pages.get(a)!));
      if (share > worst.share) worst = { a, b, share };
    }
  const seen = new Map<string, number>();
  for (const blocks of pages.values()) for (const block of new Set(blocks)) seen.set(block, (seen.get(block) ?? 0) + 1);
  let fewestUnique: LanguageReport["fewestUnique"] = { key: SEGMENT_KEYS[0], count: Infinity };
  for (const [key, blocks] of pages) {
    const count = new Set(blocks.filter((b) => seen.get(b) === 1)).size;
    if (count < fewestUnique.count) fewestUnique = { key, count };
  }
  return { lang, missing, worst, fewestUnique };
}

/** What is wrong with a report, in words; empty when the language passes. */
export function problems(r: LanguageReport): string[] {
  const out: string[] = [];
  if (r.missing.length)
    out.push(`${r.lang}: ${r.missing.length} segment copy keys missing, e.g. ${r.missing.slice(0, 5).join(", ")}`);
  if (r.worst.share >= MAX_SHARE)
    out.push(`${r.lang}: ${r.worst.a} and ${r.worst.b} share ${pct(r.worst.share)} (limit: under ${pct(MAX_SHARE)})`);
  if (r.fewestUnique.count < MIN_UNIQUE_BLOCKS)
    out.push(
      `${r.lang}: ${r.fewestUnique.key} has ${r.fewestUnique.count} blocks of its own (at least ${MIN_UNIQUE_BLOCKS})`,
    );
  return out;
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  let failed = false;
  for (const lang of LANGS) {
    const r = report(lang);
    console.log(
      `${lang}: worst pair ${r.worst.a} / ${r.worst.b} ${pct(r.worst.share)}; fewest blocks of its own: ${r.fewestUnique.key} ${r.fewestUnique.count}`,
    );
    for (const p of problems(r)) {
      failed = true;
      console.log(`  FAIL ${p}`);
    }
  }
  process.exit(failed ? 1 : 0);
}
