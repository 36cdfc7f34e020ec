import { createApp } from "../../src/server/app";
import { loadConfig } from "../../src/server/config";
import { CATALOGUES } from "../../src/content/catalogue";
import { SEGMENT_KEYS, segmentPath, type SegmentKey } from "../../src/content/segments";
import { LANGS } from "../../src/shared/languages";

/** 23:30 on 31 December 2026 in São Paulo, already 1 January 2027 in UTC. */
export const NEW_YEARS_EVE = new Date("2027-01-01T02:30:00Z");

export function makeApp(env: Record<string, string> = {}, now: () => Date = () => NEW_YEARS_EVE) {
  return createApp({ config: loadConfig(env), now });
}

/** HTML text or attribute value with its character references decoded (no-break spaces as spaces). */
export function decode(html: string): string {
  return html
    .replace(/&nbsp;|\u00a0/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, "&");
}

/** The visible text of an HTML page (tags, scripts and styles removed, entities decoded). */
export function textOf(html: string): string {
  return decode(
    html
      .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/g, " ")
      .replace(/<\/?(strong|em|b)>/g, "") // inline emphasis does not split words ("<strong>R$ 197</strong>/mês")
      .replace(/<[^>]+>/g, " "),
  ).replace(/\s+/g, " ");
}

/** The document's <title>, decoded. */
export const titleOf = (html: string): string => decode(html.match(/<title>([^<]*)<\/title>/)![1]);

/** A dotted catalogue key that leaked into a page instead of its text. */
export const LEAKED_KEY =
  /\b(meta|a11y|header|hero|features|industries|pricing|plans|calculator|faq|footer|notFound|error|common|privacy|terms)\.[a-zA-Z_]+\b/;

/**
 * One segment page per language for the byte budgets: the one with the most copy in that language
 * (the heaviest first response), found from the catalogues, so no test names a segment.
 */
export function heaviestSegmentPaths(): string[] {
  return LANGS.map((lang) => {
    const size = (key: SegmentKey) =>
      Object.entries(CATALOGUES[lang])
        .filter(([k]) => k.startsWith(`seg.${key}.`))
        .reduce((sum, [, text]) => sum + text.length, 0);
    const key = [...SEGMENT_KEYS].sort((a, b) => size(b) - size(a))[0];
    return segmentPath(lang, key);
  });
}
