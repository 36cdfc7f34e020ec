/** Values more than one test level needs: a fully configured company, and every kind of page. */
import { SEGMENT_PAGES } from "../src/content/segmentPages";

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

/** One URL of each page in each language it exists in: landing, legal, 404. */
export const EVERY_PAGE = ["/", "/en", "/es", "/privacy", "/terms", "/missing", "/en/missing", "/es/missing"];
/** The pages with JavaScript (decision 029): the landing page in each language. */
export const LANDING_PAGES = ["/", "/en", "/es"];

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
  LEADS_WEBHOOK_URL: "https://hooks.zapier.com/hooks/catch/123/abc/",
  LEADS_WEBHOOK_SECRET: "whsec-0123456789abcdef",
};
