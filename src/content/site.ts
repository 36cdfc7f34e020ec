/**
 * The site's settings as pages and content read them: brand, company identification, contact
 * addresses, links and the time zone, plus what only the server uses (port, proxies, workers).
 * Read and validated from the environment at start-up by src/server/config.ts (loadConfig).
 */
import type { Measurement } from "../shared/measurement";

export interface Config {
  port: number;
  appUrl: string;
  contactEmail: string;
  /** SALES_WHATSAPP: digits with country code; null = sales by e-mail (CONTACT_EMAIL). */
  salesWhatsapp: string | null;
  siteUrl: string;
  /** SITE_URL was set: redirects use it, never the request's Host. */
  siteUrlSet: boolean;
  brandName: string;
  companyName: string;
  companyCnpj: string;
  /** The provider's address, one line (footer of every page, legal pages). */
  companyAddress: string;
  /** The LGPD "encarregado" (art. 41) named on the privacy page: a person, a company or the role. */
  dpoName: string;
  dpoEmail: string;
  social: { instagram: string; linkedin: string; youtube: string };
  timeZone: string;
  production: boolean;
  /** Express `trust proxy` hop count; 0 = do not trust forwarding headers. */
  trustProxy: number;
  /**
   * Redirect requests that reached the router over plain HTTP to HTTPS, to SITE_URL's host (on by
   * default in production when SITE_URL is set; decision 043).
   */
  forceHttps: boolean;
  /** Worker processes (WEB_CONCURRENCY, the PaaS convention); 1 = one process, no cluster. */
  webConcurrency: number;
  /** GA4_ID, GTM_ID, META_PIXEL_ID, PLAUSIBLE_*: all null = no measurement at all (decision 044). */
  measurement: Measurement;
}
