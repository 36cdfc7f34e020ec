/**
 * The site's languages. Runs on the server and in the browser (the switcher island), so it holds
 * data only. Autonyms are not translated: each language is always named in itself.
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
