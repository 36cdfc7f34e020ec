/**
 * Message match (issue 26, decision 056): an ad names a variant of the page it lands on with
 * `?v=CODE`, and the page shows that variant's headline, subhead and (where written) the hero
 * chat's first message. Variants are copy: `variant.<page>.<code>.title|subtitle[|chat]` in
 * `locales/variants/<lang>.json`, where `<page>` is `home` or a segment key (src/content/segments.ts)
 * and `<code>` is letters, digits and hyphens, at most 24. A language has the variants written in it
 * and no others. Any `v` that is not exactly one known code for that page and language (unknown,
 * malformed, repeated, oversized) gives the page without a variant: the same cached copy, byte for
 * byte; no value from the URL is ever shown or echoed.
 */
import { CATALOGUES } from "./catalogue";
import { isSegmentKey, type SegmentKey } from "./segments";
import type { Lang } from "../shared/languages";

/** The query parameter that names a variant. */
export const VARIANT_PARAM = "v";
/** What a variant code may be (in the URL and in the catalogues). */
export const VARIANT_CODE = /^[A-Za-z0-9-]{1,24}$/;
/** The pages that can have variants: the landing page (`home`) and every segment page. */
export type VariantPage = "home" | SegmentKey;
export type VariantField = "title" | "subtitle" | "chat";

const KEY = /^variant\.([a-z_]+)\.([^.]+)\.(title|subtitle|chat)$/;

/** The catalogue key of one field of a variant. */
export function variantKey(page: VariantPage, code: string, field: VariantField): string {
  return `variant.${page}.${code}.${field}`;
}

/** Per page, the codes written in a language with both a title and a subtitle. */
function known(lang: Lang): Map<VariantPage, readonly string[]> {
  const catalogue = CATALOGUES[lang];
  const byPage = new Map<VariantPage, string[]>();
  for (const key of Object.keys(catalogue).sort()) {
    const m = KEY.exec(key);
    if (!m || m[3] !== "title") continue;
    const [, page, code] = m;
    if (page !== "home" && !isSegmentKey(page)) continue;
    if (!VARIANT_CODE.test(code) || catalogue[variantKey(page, code, "subtitle")] === undefined) continue;
    byPage.set(page, [...(byPage.get(page) ?? []), code]);
  }
  return byPage;
}

/** Read once from the catalogues. */
const KNOWN: Record<Lang, Map<VariantPage, readonly string[]>> = { pt: known("pt"), en: known("en"), es: known("es") };

/** The variant codes written for a page in a language (in code order). */
export function variantsOf(lang: Lang, page: VariantPage): readonly string[] {
  return KNOWN[lang].get(page) ?? [];
}

/**
 * The variant a request gets on `page` in `lang` for the `v` the route read (`single(query, "v")`,
 * src/shared/query.ts): a known code, or null for the page without one (no `v`, several, malformed,
 * unknown).
 */
export function variantFor(lang: Lang, page: VariantPage, code: string | null | undefined): string | null {
  return typeof code === "string" && VARIANT_CODE.test(code) && variantsOf(lang, page).includes(code) ? code : null;
}
