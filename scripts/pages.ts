/**
 * The pages the measurement scripts (audit, weigh, bench, load, rss) visit, derived from the
 * route table (src/content/segments.ts) and the variant catalogues (src/content/variants.ts), never
 * listed here: a new segment or variant is measured without editing a script.
 */
import { SEGMENT_PAGES } from "../src/content/segmentPages";
import { segmentPath } from "../src/content/segments";
import { VARIANT_PARAM, variantsOf, type VariantPage } from "../src/content/variants";
import { DEFAULT_LANG, LANGS, landingHref, type Lang } from "../src/shared/languages";
import { SEGMENT_SAMPLE } from "../tests/fixtures";

/** The landing page in each language (`/`, `/en`, `/es`). */
export const LANDING_PATHS = LANGS.map((lang) => landingHref(lang));
/** The legal pages (Portuguese only). */
export const LEGAL_PATHS = ["/privacy", "/terms"];
/** Every segment page (segment × language). */
export const SEGMENT_PATHS = SEGMENT_PAGES.map((p) => p.path);
/** One segment page per language: the tests' sample (tests/fixtures.ts). */
export { SEGMENT_SAMPLE };

export interface VariantUrl {
  lang: Lang;
  page: VariantPage;
  code: string;
  /** The page without a variant. */
  clean: string;
  path: string;
}

const pathOf = (lang: Lang, page: VariantPage) => (page === "home" ? landingHref(lang) : segmentPath(lang, page));

/** Every variant written in the catalogues, in every language it is written in. */
export const VARIANT_URLS: readonly VariantUrl[] = LANGS.flatMap((lang) =>
  (["home", ...new Set(SEGMENT_PAGES.map((p) => p.key))] as VariantPage[]).flatMap((page) =>
    variantsOf(lang, page).map((code) => {
      const clean = pathOf(lang, page);
      return { lang, page, code, clean, path: `${clean}?${VARIANT_PARAM}=${encodeURIComponent(code)}` };
    }),
  ),
);

/** The variant page measured in depth: the first variant of the sample segment's first page, else any segment variant. */
export const VARIANT_SAMPLE: VariantUrl =
  VARIANT_URLS.find((v) => v.clean === SEGMENT_SAMPLE[0]) ?? VARIANT_URLS.find((v) => v.page !== "home")!;

/** The language of a site path (the landing, segment and variant pages). */
export function langOf(path: string): Lang {
  const first = /^\/([a-z]{2})(?=$|[/?])/.exec(path)?.[1];
  return LANGS.find((l) => l !== DEFAULT_LANG && l === first) ?? DEFAULT_LANG;
}
