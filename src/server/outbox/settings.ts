/**
 * The conversions' settings (issue 32, decision 074): Meta's Conversions API, the CRM webhook, the
 * Google Ads conversion names of the offline-conversion file, and how long delivered rows are kept.
 * Read and validated once at start-up (one line in loadConfig()); a bad value throws a ConfigError
 * whose one-line message names the variable, never its value (a token is a secret).
 *
 * Every destination is off until configured: nothing configured, nothing sent anywhere.
 */
import { ConfigError, readInt, type Env } from "../env";
import { readSecret } from "../secrets";
import type { ConversionDestinations } from "../../shared/conversions";

export interface MetaSettings {
  /** META_PIXEL_ID (the dataset the events go to; the same id the browser's Pixel uses). */
  pixelId: string;
  /** META_CAPI_TOKEN: the Conversions API access token (Events Manager, "Generate access token"). */
  token: string;
  /** META_TEST_EVENT_CODE: events go to Events Manager's "Test events" only. */
  testEventCode: string | null;
  /** META_CAPI_URL: graph.facebook.com, or a Conversions API Gateway on the business's own domain. */
  url: string;
  /** META_CAPI_VERSION: the Graph API version in the path. */
  version: string;
}

export interface WebhookSettings {
  /** LEADS_WEBHOOK_URL: https only. */
  url: string;
  /** LEADS_WEBHOOK_SECRET: the HMAC key of X-XIA-Signature (the weak-secret rule, secrets.ts). */
  secret: string;
}

export interface GoogleAdsSettings {
  /** GOOGLE_ADS_CONVERSION_QUALIFIED: the conversion action's name in Google Ads, or null (no rows). */
  qualified: string | null;
  /** GOOGLE_ADS_CONVERSION_WON. */
  won: string | null;
  /** GOOGLE_ADS_FILE_PASSWORD: HTTP Basic password Google Ads fetches the file with (decision 090). */
  password: string;
}

export interface ConversionSettings {
  meta: MetaSettings | null;
  /**
   * LEADS_REPORT_PASSWORD (HTTP Basic, any user name): the /leads report asks for it; null = no
   * report (404). Google Ads' file has its own (GoogleAdsSettings.password, decision 090).
   */
  reportPassword: string | null;
  webhook: WebhookSettings | null;
  /** Null when neither conversion name is set (then GOOGLE_ADS_FILE_PASSWORD is not either): no file (404). */
  googleAds: GoogleAdsSettings | null;
  /** OUTBOX_RETENTION_DAYS: delivered rows are deleted this long after delivery. */
  retentionDays: number;
}

export const DEFAULT_META_CAPI_URL = "https://graph.facebook.com";
/** Graph API versions stay available to the Conversions API for at least two years (Meta, "Using the API"). */
export const DEFAULT_META_CAPI_VERSION = "v24.0";
export const DEFAULT_OUTBOX_RETENTION_DAYS = 30;

const blank = (env: Env, name: string) => !env[name]?.trim();

/** An https URL without credentials, query or fragment (a webhook's own path is kept). */
const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

function readHttpsUrl(env: Env, name: string, example: string): string {
  const raw = env[name]!.trim();
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(name, `must be an absolute https URL such as ${example}`);
  }
  // Outside production a receiver on this machine may be plain http (decision 091, docs/conversions.md
  // "Trying it locally"): nothing leaves the machine, and no certificate is needed.
  const local = url.protocol === "http:" && LOCAL_HOSTS.has(url.hostname) && env.NODE_ENV !== "production";
  if (url.protocol !== "https:" && !local)
    throw new ConfigError(name, `must use https (http only to localhost, while developing), such as ${example}`);
  if (url.username || url.password) throw new ConfigError(name, "must not contain credentials");
  if (url.hash) throw new ConfigError(name, "must not have a fragment");
  return url.href;
}

/** Letters, digits and the few signs tokens use; a space or a quote is a paste gone wrong. */
function readToken(env: Env, name: string, min: number, what: string): string {
  const raw = env[name]!.trim();
  if (raw.length < min || raw.length > 1024 || !/^[A-Za-z0-9._|~+/=-]+$/.test(raw)) {
    throw new ConfigError(name, `must be ${what}: at least ${min} characters, without spaces or quotes`);
  }
  return raw;
}

function readMeta(env: Env): MetaSettings | null {
  const hasToken = !blank(env, "META_CAPI_TOKEN");
  for (const other of ["META_TEST_EVENT_CODE", "META_CAPI_URL", "META_CAPI_VERSION"])
    if (!blank(env, other) && !hasToken)
      throw new ConfigError(other, "is set but META_CAPI_TOKEN is not: the Conversions API needs its token");
  if (!hasToken) return null;
  const pixelId = env.META_PIXEL_ID?.trim();
  if (!pixelId) throw new ConfigError("META_CAPI_TOKEN", "is set but META_PIXEL_ID is not: events go to that pixel");
  if (!/^\d{10,20}$/.test(pixelId)) throw new ConfigError("META_PIXEL_ID", "must be a Meta Pixel ID: 10 to 20 digits");
  const token = readToken(env, "META_CAPI_TOKEN", 20, "a Conversions API access token");
  const code = env.META_TEST_EVENT_CODE?.trim() || null;
  if (code && !/^[A-Za-z0-9]{1,40}$/.test(code))
    throw new ConfigError("META_TEST_EVENT_CODE", "must be the code Events Manager shows, such as TEST12345");
  const url = blank(env, "META_CAPI_URL")
    ? DEFAULT_META_CAPI_URL
    : readHttpsUrl(env, "META_CAPI_URL", DEFAULT_META_CAPI_URL).replace(/\/+$/, "");
  if (new URL(url).search) throw new ConfigError("META_CAPI_URL", "must not have a query");
  const version = env.META_CAPI_VERSION?.trim() || DEFAULT_META_CAPI_VERSION;
  if (!/^v\d{1,2}\.0$/.test(version))
    throw new ConfigError("META_CAPI_VERSION", "must be a Graph API version such as v24.0");
  return { pixelId, token, testEventCode: code, url, version };
}

function readWebhook(env: Env): WebhookSettings | null {
  const hasUrl = !blank(env, "LEADS_WEBHOOK_URL");
  const hasSecret = !blank(env, "LEADS_WEBHOOK_SECRET");
  if (!hasUrl && !hasSecret) return null;
  if (!hasUrl) throw new ConfigError("LEADS_WEBHOOK_SECRET", "is set but LEADS_WEBHOOK_URL is not");
  const url = readHttpsUrl(env, "LEADS_WEBHOOK_URL", "https://hooks.example.com/xia");
  if (!hasSecret)
    throw new ConfigError(
      "LEADS_WEBHOOK_URL",
      "is set but LEADS_WEBHOOK_SECRET is not: every request is signed with it",
    );
  // The HMAC key is a secret like the report's password (decision 090): a weak one stops start-up.
  return { url, secret: readSecret(env, "LEADS_WEBHOOK_SECRET", 16)! };
}

function readConversionName(env: Env, name: string): string | null {
  const raw = env[name]?.trim();
  if (!raw) return null;
  // eslint-disable-next-line no-control-regex -- refusing control characters is the point
  if (raw.length > 100 || /[\u0000-\u001f\u007f"]/.test(raw))
    throw new ConfigError(
      name,
      "must be the conversion action's name in Google Ads: at most 100 characters, no quotes",
    );
  return raw;
}

export const MIN_PASSWORD_LENGTH = 16;

export function readConversions(env: Env): ConversionSettings {
  const qualified = readConversionName(env, "GOOGLE_ADS_CONVERSION_QUALIFIED");
  const won = readConversionName(env, "GOOGLE_ADS_CONVERSION_WON");
  // Length and variety (decision 090): a weak value stops start-up naming the rule.
  const reportPassword = readSecret(env, "LEADS_REPORT_PASSWORD", MIN_PASSWORD_LENGTH);
  const googleFilePassword = readSecret(env, "GOOGLE_ADS_FILE_PASSWORD", MIN_PASSWORD_LENGTH);
  if ((qualified || won) && !googleFilePassword)
    throw new ConfigError(
      qualified ? "GOOGLE_ADS_CONVERSION_QUALIFIED" : "GOOGLE_ADS_CONVERSION_WON",
      "is set but GOOGLE_ADS_FILE_PASSWORD is not: Google Ads fetches the conversion file with that password",
    );
  if (googleFilePassword && !(qualified || won))
    throw new ConfigError("GOOGLE_ADS_FILE_PASSWORD", "is set but no GOOGLE_ADS_CONVERSION_QUALIFIED or _WON is");
  if (googleFilePassword && googleFilePassword === reportPassword)
    throw new ConfigError("GOOGLE_ADS_FILE_PASSWORD", "must differ from LEADS_REPORT_PASSWORD (Google Ads holds it)");
  const retentionDays = readInt(env, "OUTBOX_RETENTION_DAYS", DEFAULT_OUTBOX_RETENTION_DAYS, 1, 365, "days");
  return {
    meta: readMeta(env),
    reportPassword,
    webhook: readWebhook(env),
    googleAds: (qualified || won) && googleFilePassword ? { qualified, won, password: googleFilePassword } : null,
    retentionDays,
  };
}

/** What the privacy page names (src/shared/conversions.ts): configured or not, the webhook's host. */
export function conversionDestinations(settings: ConversionSettings): ConversionDestinations {
  return {
    meta: settings.meta !== null,
    googleAds: settings.googleAds !== null,
    webhookHost: settings.webhook ? new URL(settings.webhook.url).host : null,
  };
}
