/**
 * What the rest of the site derives from the segment route table (src/content/segments.ts,
 * decision 054): the 54 pages (segment × language) with their paths, a page's language
 * alternates, the parent paths, the former paths that redirect (decision 064) and the catalogue
 * keys a segment's copy must hold. Nothing here is listed twice: routes, sitemap, hreflang, the landing grid's links and the tests all read it.
 */
import { LANGS, LANGUAGE_INFO, DEFAULT_LANG, type Lang } from "../shared/languages";
import { SEGMENTS, SEGMENT_BASE, SEGMENT_KEYS, segmentPath, type Segment, type SegmentKey } from "./segments";

export interface SegmentPage {
  key: SegmentKey;
  lang: Lang;
  path: string;
}

/** Every segment page: each segment in each language, in the landing grid's order. */
export const SEGMENT_PAGES: readonly SegmentPage[] = SEGMENT_KEYS.flatMap((key) =>
  LANGS.map((lang) => ({ key, lang, path: segmentPath(lang, key) })),
);

/** The parent path of each language's segment pages (`/segmentos`, `/en/industries`, `/es/segmentos`). */
export const SEGMENT_PARENTS: ReadonlyArray<{ lang: Lang; path: string }> = LANGS.map((lang) => ({
  lang,
  path: SEGMENT_BASE[lang],
}));

/**
 * The paths segment pages had before (the table's `formerSlugs`), each with the page it moved to:
 * a 301 there, the query as it came (decision 064). Never a page, never in the sitemap.
 */
export const FORMER_SEGMENT_PATHS: ReadonlyArray<{ lang: Lang; path: string; to: string }> = SEGMENT_KEYS.flatMap(
  (key) => {
    const former = (SEGMENTS[key] as Segment).formerSlugs ?? {};
    return LANGS.flatMap((lang) =>
      (former[lang] ?? []).map((slug) => ({ lang, path: `${SEGMENT_BASE[lang]}/${slug}`, to: segmentPath(lang, key) })),
    );
  },
);

/**
 * The hreflang cluster of a segment's pages: one per language, and `x-default` on the Portuguese
 * page (the site's default language), as absolute URLs.
 */
export function segmentAlternates(siteUrl: string, key: SegmentKey): Array<{ hreflang: string; href: string }> {
  return [
    ...LANGS.map((l) => ({ hreflang: LANGUAGE_INFO[l].htmlLang, href: siteUrl + segmentPath(l, key) })),
    { hreflang: "x-default", href: siteUrl + segmentPath(DEFAULT_LANG, key) },
  ];
}

/**
 * The catalogue keys segment `key`'s page needs (`seg.<key>.…`, docs/copy.md), from its shape in
 * the table: the voice note's length only with a voice message, the slots only with slots, the
 * file name only with a file, a title and a text per block, a question and an answer per FAQ id.
 */
export function segmentCopyKeys(key: SegmentKey): string[] {
  const s: Segment = SEGMENTS[key];
  const p = `seg.${key}.`;
  const ending = s.chat.end === "handover" ? [] : ["pick", "done"];
  const chat = ["first", "reply", "lead", "qualified", "offer", ...ending, "note"];
  if (s.chat.first === "voice") chat.push("voiceLength");
  if (s.chat.offer === "slots") chat.push("slot1", "slot2");
  if (s.chat.offer === "file") chat.push("file");
  return [
    ...["metaTitle", "metaDescription", "eyebrow", "title", "subtitle", "blocksTitle", "closing"].map((k) => p + k),
    ...chat.map((k) => `${p}chat.${k}`),
    ...s.blocks.flatMap((f) => [`${p}block.${f}.title`, `${p}block.${f}.text`]),
    ...s.faqs.flatMap((id) => [`${p}faq.${id}.q`, `${p}faq.${id}.a`]),
  ];
}
