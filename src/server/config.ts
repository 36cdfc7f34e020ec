/**
 * Reads and validates the environment once, at start-up, into two parts by who reads them
 * (decision 050): `server`, what only the server needs (port, proxies, HTTPS, workers, logging), and
 * `page`, what pages show (src/content/site.ts): the only part pages and components receive.
 * Every variable is optional; a bad value throws a ConfigError whose message is one line
 * naming the variable and what is wrong (the entry point prints it and exits 1).
 * Values are never echoed back: an operator sees which variable to fix, not a secret in a log.
 */
import type { PageSettings } from "../content/site";
import { DEFAULT_TIME_ZONE } from "../content/dates";
import { readLeadSettings, type LeadSettings } from "./leads/settings";
import { conversionDestinations, readConversions, type ConversionSettings } from "./outbox/settings";
import { readExperiments, type Experiment } from "./experiments/settings";
import { isValidCnpj } from "./cnpj";
import {
  ConfigError,
  readBool,
  readEmail,
  readId,
  readInt,
  readOrigin,
  readText,
  readTimeZone,
  readUrl,
  readWhatsapp,
  type Env,
} from "./env";

export { ConfigError };

export { isValidCnpj };
import { DEFAULT_PLAUSIBLE_SCRIPT_URL, type Measurement } from "../shared/measurement";

export type { PageSettings };

/** What only the server reads: never handed to a page. */
export interface ServerSettings {
  port: number;
  /** NODE_ENV=production: JSON logs, the production defaults, the start-up warnings. */
  production: boolean;
  /** SITE_URL was set: redirects use it, never the request's Host. */
  siteUrlSet: boolean;
  /** Express `trust proxy` hop count; 0 = do not trust forwarding headers. */
  trustProxy: number;
  /**
   * Redirect requests that reached the router over plain HTTP to HTTPS, to SITE_URL's host (on by
   * default in production when SITE_URL is set; decision 043).
   */
  forceHttps: boolean;
  /** Worker processes (WEB_CONCURRENCY, the PaaS convention); 1 = one process, no cluster. */
  webConcurrency: number;
}

export interface Config {
  server: ServerSettings;
  /** The page settings: `ctx.settings` in every page and component. */
  page: PageSettings;
  /** The lead ledger's settings (src/server/leads/settings.ts), server-only. */
  leads: LeadSettings;
  /** Meta's Conversions API, the CRM webhook, Google Ads' file (src/server/outbox/settings.ts), server-only. */
  conversions: ConversionSettings;
  /** EXPERIMENTS_FILE's experiments (src/server/experiments/settings.ts), server-only; [] for none. */
  experiments: Experiment[];
}

/** More workers than this is a typo, not a machine (each worker holds its own page cache). */
export const MAX_WORKERS = 64;

export const DEFAULT_CONTACT_EMAIL = "contato@example.com";
export const DEFAULT_APP_URL = "https://app.example.com/";

const HOSTNAME = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/;

/**
 * Plausible: the domain as registered there, and the script's URL (Plausible's own, or a
 * self-hosted instance's; https, or http on this machine only, for tests and the audit).
 */
function readPlausible(env: Env): Measurement["plausible"] {
  const domain = env.PLAUSIBLE_DOMAIN?.trim().toLowerCase();
  const script = env.PLAUSIBLE_SCRIPT_URL?.trim();
  if (!domain) {
    if (script)
      throw new ConfigError("PLAUSIBLE_SCRIPT_URL", "is set but PLAUSIBLE_DOMAIN is not: Plausible needs both");
    return null;
  }
  if (!HOSTNAME.test(domain)) {
    throw new ConfigError(
      "PLAUSIBLE_DOMAIN",
      "must be the site's domain as registered in Plausible, such as example.com",
    );
  }
  const scriptUrl = readUrl(env, "PLAUSIBLE_SCRIPT_URL", DEFAULT_PLAUSIBLE_SCRIPT_URL);
  const url = new URL(scriptUrl);
  const loopback = ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname);
  if (url.protocol !== "https:" && !loopback) throw new ConfigError("PLAUSIBLE_SCRIPT_URL", "must use https");
  if (url.search || url.hash) throw new ConfigError("PLAUSIBLE_SCRIPT_URL", "must not have a query or fragment");
  return { domain, scriptUrl };
}

export function readMeasurement(env: Env): Measurement {
  return {
    ga4: readId(env, "GA4_ID", /^G-[A-Z0-9]{4,16}$/, "a Google Analytics 4 measurement ID such as G-ABC123DEF4"),
    gtm: readId(env, "GTM_ID", /^GTM-[A-Z0-9]{4,12}$/, "a Google Tag Manager container ID such as GTM-ABC1234"),
    metaPixel: readId(env, "META_PIXEL_ID", /^\d{10,20}$/, "a Meta Pixel ID: 10 to 20 digits"),
    plausible: readPlausible(env),
    // Asks every visitor again (decision 045): for a change the tool list does not show, such as a
    // new tag in the GTM container.
    ...optional("consentRevision", readId(env, "CONSENT_VERSION", /^[A-Za-z0-9-]{1,20}$/, CONSENT_VERSION_EXAMPLE)),
  };
}

const CONSENT_VERSION_EXAMPLE = "a short label of letters, digits and hyphens (at most 20), such as 2026-11";
const optional = <K extends string>(key: K, value: string | null) => (value ? { [key]: value } : {});

export function loadConfig(env: Env = process.env): Config {
  const production = env.NODE_ENV === "production";
  // 0: the OS picks a free port at bind time (tests and tools; the start-up line names it).
  const port = readInt(env, "PORT", 3000, 0, 65535);
  const cnpj = env.COMPANY_CNPJ?.trim();
  if (cnpj && !(/^\d{2}\.?\d{3}\.?\d{3}\/?\d{4}-?\d{2}$/.test(cnpj) && isValidCnpj(cnpj))) {
    throw new ConfigError("COMPANY_CNPJ", "must be a valid CNPJ such as 12.345.678/0001-95");
  }
  const contactEmail = readEmail(env, "CONTACT_EMAIL", DEFAULT_CONTACT_EMAIL);
  // The HTTPS redirect takes its host from SITE_URL, never from the request (decision 043): in
  // production it is on by default only with SITE_URL set, and asking for it without is an error.
  const siteUrlSet = Boolean(env.SITE_URL?.trim());
  const forceHttps = readBool(env, "FORCE_HTTPS", production && siteUrlSet);
  if (production && forceHttps && !siteUrlSet)
    throw new ConfigError(
      "SITE_URL",
      "must be set when FORCE_HTTPS is on in production: the HTTPS redirect takes the site's host from it, never from the request",
    );
  const [leads, conversions] = [readLeadSettings(env), readConversions(env)];
  // Optional values not set are null: the content layer chooses what a page shows in their place.
  const experiments = readExperiments(env);
  const page: PageSettings = {
    appUrl: readUrl(env, "APP_URL", DEFAULT_APP_URL),
    contactEmail,
    salesWhatsapp: readWhatsapp(env, "SALES_WHATSAPP"),
    siteUrl: readOrigin(env, "SITE_URL", port ? `http://localhost:${port}` : "http://localhost"),
    brandName: readText(env, "BRAND_NAME", "XIA", 40),
    companyName: readText(env, "COMPANY_NAME", null, 120),
    companyCnpj: cnpj || null,
    companyAddress: readText(env, "COMPANY_ADDRESS", null, 200),
    dpoName: readText(env, "DPO_NAME", null, 120),
    dpoEmail: readEmail(env, "DPO_EMAIL", contactEmail),
    social: {
      instagram: readUrl(env, "INSTAGRAM_URL", "https://www.instagram.com/"),
      linkedin: readUrl(env, "LINKEDIN_URL", "https://www.linkedin.com/"),
      youtube: readUrl(env, "YOUTUBE_URL", "https://www.youtube.com/"),
    },
    timeZone: readTimeZone(env, "TIME_ZONE", DEFAULT_TIME_ZONE),
    measurement: readMeasurement(env),
    conversions: conversionDestinations(conversions),
    leadsRetentionDays: leads.retentionDays,
    experiments: experiments.length > 0,
  };
  const server: ServerSettings = {
    port,
    production,
    siteUrlSet,
    trustProxy: readInt(env, "TRUST_PROXY", production ? 1 : 0, 0, 10),
    forceHttps,
    webConcurrency: readInt(env, "WEB_CONCURRENCY", 1, 1, MAX_WORKERS),
  };
  return { server, page, leads, conversions, experiments };
}

/** Logged at start-up in production without SITE_URL (index.ts; decision 043). */
export const SITE_URL_UNSET_WARNING =
  "SITE_URL is not set: canonical and preview URLs name localhost, and plain HTTP is not redirected to HTTPS (the redirect's host comes only from SITE_URL)";

/** RFC 2606 names (example.com, .net, .org and the .example TLD): an address or host there reaches nobody. */
const isExampleHost = (host: string) => /(^|\.)example(\.(com|net|org))?$/i.test(host);

/**
 * One line per value still unset or an example, for the operator to read at start-up in production
 * (decision 017): the site starts anyway, but the footers and legal pages would identify nobody, or
 * the buttons and e-mail links would reach nobody. Unset means absent (null), whatever a page shows
 * in its place (decision 050). Values are not echoed.
 */
export function placeholderWarnings({ page }: Config): string[] {
  const shown = "is not set: every page's footer and the legal pages show a placeholder";
  const checks: Array<[boolean, string]> = [
    [page.companyName === null, `COMPANY_NAME ${shown}`],
    [page.companyCnpj === null, `COMPANY_CNPJ ${shown}`],
    [page.companyAddress === null, `COMPANY_ADDRESS ${shown}`],
    [
      isExampleHost(page.contactEmail.split("@")[1]),
      "CONTACT_EMAIL is an example address: support and privacy requests reach nobody",
    ],
    [
      page.dpoName === null,
      "DPO_NAME is not set: the privacy page names the role, not the person (LGPD art. 41, ANPD Resolution 18/2024)",
    ],
    [
      page.dpoEmail !== page.contactEmail && isExampleHost(page.dpoEmail.split("@")[1]),
      "DPO_EMAIL is an example address: privacy requests reach nobody",
    ],
    [
      isExampleHost(new URL(page.appUrl).hostname),
      "APP_URL is an example host: start, Sign In and Sign Up lead nowhere",
    ],
  ];
  return checks.filter(([inPlace]) => inPlace).map(([, line]) => line);
}
