/** Values more than one test level needs: a fully configured company, and every kind of page. */
import { SEGMENT_PAGES } from "../src/content/segmentPages";
import { LANGS, landingHref, type Lang } from "../src/shared/languages";
import type { Currency } from "../src/content/catalogue";

/** Every variable whose default is a placeholder, set to a real-looking value (no start-up warning). */
export const CONFIGURED_ENV = {
  COMPANY_NAME: "XIA Tecnologia Ltda.",
  COMPANY_CNPJ: "11.222.333/0001-81",
  COMPANY_ADDRESS: "Av. Paulista, 1000, São Paulo - SP",
  CONTACT_EMAIL: "contato@xia.com.br",
  DPO_NAME: "Maria Souza",
  APP_URL: "https://app.xia.com.br",
};

/**
 * One segment page per language (the route table's first segment; decision 054): the browser
 * tests that cover the landing page cover these too (issue 25), the Varnish test uses them.
 */
export const SEGMENT_SAMPLE_PAGES = SEGMENT_PAGES.filter((p) => p.key === SEGMENT_PAGES[0].key);
export const SEGMENT_SAMPLE = SEGMENT_SAMPLE_PAGES.map((p) => p.path);

/**
 * What each language's landing page must show, written out by the tests rather than read from the
 * code under test: a new language in src/shared/languages.ts is a type error here until it has a
 * row (decision 060).
 */
export const EXPECTED_LANGUAGE: Record<Lang, { path: string; htmlLang: string; ogLocale: string; currency: Currency }> =
  {
    pt: { path: "/", htmlLang: "pt-BR", ogLocale: "pt_BR", currency: "BRL" },
    en: { path: "/en", htmlLang: "en", ogLocale: "en_US", currency: "USD" },
    es: { path: "/es", htmlLang: "es", ogLocale: "es_LA", currency: "BRL" },
  };

/** The landing page in each language (`/`, `/en`, `/es`), from the language table. */
export const LANDING_PAGES = LANGS.map((lang) => landingHref(lang));
/** The legal pages (Portuguese only). */
export const LEGAL_PAGES = ["/privacy", "/terms"];
/** A path that is no page, in each language (`/missing`, `/en/missing`, …): the 404 page. */
export const MISSING_PAGES = LANGS.map((lang) => `${landingHref(lang).replace(/\/$/, "")}/missing`);
/** One URL of each page in each language it exists in: landing, legal, 404. */
export const EVERY_PAGE = [...LANDING_PAGES, ...LEGAL_PAGES, ...MISSING_PAGES];

/** Every measurement tool configured (decision 044), with a self-hosted Plausible. */
export const ALL_MEASUREMENT_ENV = {
  GA4_ID: "G-TEST12345",
  GTM_ID: "GTM-TEST123",
  META_PIXEL_ID: "1234567890123456",
  PLAUSIBLE_DOMAIN: "xia.com.br",
};

/** The configurations whose pages differ: each tool alone, Plausible self-hosted, and all of them. */
export const MEASUREMENT_ENVS: Array<Record<string, string>> = [
  { GA4_ID: ALL_MEASUREMENT_ENV.GA4_ID },
  { GTM_ID: ALL_MEASUREMENT_ENV.GTM_ID },
  { META_PIXEL_ID: ALL_MEASUREMENT_ENV.META_PIXEL_ID },
  { PLAUSIBLE_DOMAIN: "xia.com.br" },
  { PLAUSIBLE_DOMAIN: "xia.com.br", PLAUSIBLE_SCRIPT_URL: "https://stats.xia.com.br/js/script.js" },
  { GA4_ID: ALL_MEASUREMENT_ENV.GA4_ID, META_PIXEL_ID: ALL_MEASUREMENT_ENV.META_PIXEL_ID },
  ALL_MEASUREMENT_ENV,
];

/** Every conversion destination configured (issue 32): Meta's Conversions API, Google Ads' file, the CRM webhook. */
export const ALL_CONVERSIONS_ENV = {
  META_PIXEL_ID: "123456789012345",
  META_CAPI_TOKEN: "EAAGm0PX4ZCpsBAKZBZAtesttoken",
  GOOGLE_ADS_CONVERSION_QUALIFIED: "Lead qualificado",
  GOOGLE_ADS_CONVERSION_WON: "Venda",
  LEADS_REPORT_PASSWORD: "correct-horse-battery-staple",
  GOOGLE_ADS_FILE_PASSWORD: "google-fetches-0123456789",
  LEADS_WEBHOOK_URL: "https://hooks.zapier.com/hooks/catch/123/abc/",
  LEADS_WEBHOOK_SECRET: "whsec-0123456789abcdef",
};

/** A phone browser's user agent (the sales redirect records nothing for crawlers or an empty one). */
export const BROWSER_UA =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";

/**
 * An experiment as EXPERIMENTS_FILE declares it: the dental segment page, its plain headline (arm a)
 * against the implant variant (arm b), even weights; December 2026 unless dates are given.
 */
export const dentalExperiment = (id: string, start = "2026-12-01", end = "2026-12-31") => ({
  id,
  page: "/segmentos/odontologia",
  arms: [
    { id: "a", variant: null, weight: 1 },
    { id: "b", variant: "implante", weight: 1 },
  ],
  start,
  end,
});
