/**
 * The settings pages show: brand, company identification, contact addresses, links, measurement and
 * the time zone. Every page and component receives these (as `ctx.settings`, src/content/pageContext.ts) and
 * nothing else: what only the server needs (port, proxies, HTTPS, workers, logging) is in
 * src/server/config.ts, which reads and validates the environment once and fills both (decision 050).
 *
 * An optional value the operator has not set is null, never a placeholder string: the content layer
 * chooses what a page shows in its place (src/content/identification.ts, from the catalogues), and the
 * start-up warnings look at the null (placeholderWarnings in src/server/config.ts).
 */
import type { ConversionDestinations } from "../shared/conversions";
import type { Measurement } from "../shared/measurement";

export interface PageSettings {
  /** APP_URL: start, Sign In and Sign Up go to its root. */
  appUrl: string;
  contactEmail: string;
  /** SALES_WHATSAPP: digits with country code; null = sales by e-mail (CONTACT_EMAIL). */
  salesWhatsapp: string | null;
  /** SITE_URL, or localhost: the origin of canonical, hreflang, Open Graph and sitemap URLs. */
  siteUrl: string;
  brandName: string;
  /** COMPANY_NAME; null = not set (the pages show the catalogue's placeholder). */
  companyName: string | null;
  /** COMPANY_CNPJ as written; null = not set. */
  companyCnpj: string | null;
  /** COMPANY_ADDRESS, one line (footer of every page, legal pages); null = not set. */
  companyAddress: string | null;
  /** DPO_NAME: the LGPD "encarregado" (art. 41), a person or a company; null = the page names the role. */
  dpoName: string | null;
  /** DPO_EMAIL, else CONTACT_EMAIL. */
  dpoEmail: string;
  social: { instagram: string; linkedin: string; youtube: string };
  timeZone: string;
  /** GA4_ID, GTM_ID, META_PIXEL_ID, PLAUSIBLE_*: all null = no measurement at all (decision 044). */
  measurement: Measurement;
  /** Where leads' outcomes go (Meta, Google Ads, the CRM): the privacy page names each (decision 074). */
  conversions: ConversionDestinations;
  /** LEADS_RETENTION_DAYS: how long the lead ledger keeps click identifiers (the privacy page says it). */
  leadsRetentionDays: number;
  /** Whether EXPERIMENTS_FILE declares any experiment (issue 37): the privacy page says so in one sentence. */
  experiments?: boolean;
}
