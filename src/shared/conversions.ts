/**
 * Which conversion destinations are configured, as the privacy page must name them (issue 32,
 * decision 074): the only part of the conversions' settings (src/server/outbox/settings.ts) that
 * reaches a page. No token, secret, password or URL path: the webhook is named by its host only.
 */
export interface ConversionDestinations {
  /** META_CAPI_TOKEN set: qualified leads and sales go to Meta's Conversions API. */
  meta: boolean;
  /** A Google Ads conversion name and LEADS_REPORT_PASSWORD set: Google Ads fetches its file. */
  googleAds: boolean;
  /** LEADS_WEBHOOK_URL's host, or null: every lead event goes to the CRM there. */
  webhookHost: string | null;
}

export const NO_CONVERSIONS: ConversionDestinations = { meta: false, googleAds: false, webhookHost: null };
