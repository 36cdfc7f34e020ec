/**
 * The site's languages: the one place a language is added (decision 060). Runs on the server and in
 * the browser (the switcher island, the head snippet), so it holds data only. Autonyms are not
 * translated: each language is always named in itself.
 *
 * Adding a language is its code in `LANGS` and its row in `LANGUAGE_INFO`. Then the type checker
 * names every other place that must say something for it, each a `Record<Lang, …>`: its catalogues
 * and the currency of its prices (src/content/catalogue.ts), its segment paths and slugs
 * (src/content/segments.ts), its message-match variants (src/content/variants.ts), and the tests'
 * expectations (tests/copy.ts, tests/fixtures.ts). src/shared/languages.test.ts names what code
 * cannot: its flag (src/shared/ui/Flag.tsx), its link-preview image and catalogue files, and any
 * file that compares a language with a literal code or lists the languages by hand. Walk-through:
 * docs/copy.md, "Adding a language".
 *
 * Only comments may change here without a reason: the head snippet (client/head.ts) bundles this
 * file, and esbuild's minifier picks its names from the code's characters, so any code change here
 * changes the snippet's bytes and its CSP hash on every landing page.
 */
export const LANGS = ["pt", "en", "es"] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = "pt";
export const STORAGE_KEY = "xia_lang";

export const LANGUAGE_INFO: Record<Lang, { htmlLang: string; name: string; ogLocale: string; numberLocale: string }> = {
  pt: { htmlLang: "pt-BR", name: "Português", ogLocale: "pt_BR", numberLocale: "pt-BR" },
  en: { htmlLang: "en", name: "English", ogLocale: "en_US", numberLocale: "en-US" },
  es: { htmlLang: "es", name: "Español", ogLocale: "es_LA", numberLocale: "es" },
};

export function isLang(value: unknown): value is Lang {
  return typeof value === "string" && (LANGS as readonly string[]).includes(value);
}

/** An old `?lang=` value (now redirected to a path): only an exact en/pt/es counts, anything else is pt. */
export function langFromQuery(value: unknown): Lang {
  return isLang(value) ? value : DEFAULT_LANG;
}

/** The path of a language's landing page (`/`, `/en`, `/es`), keeping an optional `#section`. */
export function landingHref(lang: Lang, hash = ""): string {
  return (lang === DEFAULT_LANG ? "/" : `/${lang}`) + hash;
}
