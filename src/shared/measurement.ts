/**
 * Measurement and consent (decisions 044-048), what the server and the client entry share: the
 * configured tools, the two consent categories, the localStorage key of the visitor's choice and
 * the version that ties a choice to the set of configured tools. Pure, no DOM, no Node.
 *
 * Plausible needs no consent (no cookie, no personal data kept); GA4 and GTM are "measurement",
 * the Meta Pixel is "advertising" (and GTM's ad tags follow Google Consent Mode's ad signals).
 */

/** The localStorage key of the visitor's choice; never a cookie (decision 045). */
export const CONSENT_KEY = "xia_consent";

/** The fragment that opens the choice, from any page's footer (`/#cookie-preferences`). */
export const PREFERENCES_ID = "cookie-preferences";

/** Plausible's own script, when PLAUSIBLE_SCRIPT_URL is not set (the page then names no URL). */
export const DEFAULT_PLAUSIBLE_SCRIPT_URL = "https://plausible.io/js/script.js";

export type Category = "measurement" | "advertising";
export const CATEGORIES: readonly Category[] = ["measurement", "advertising"];

export interface Measurement {
  /** GA4_ID: a GA4 measurement ID (`G-…`). */
  ga4: string | null;
  /** GTM_ID: a Tag Manager container (`GTM-…`). */
  gtm: string | null;
  /** META_PIXEL_ID: digits. */
  metaPixel: string | null;
  /**
   * CONSENT_VERSION, when set: a label added to the consent version, so that a change the list of
   * tools does not show (a new tag in the GTM container) asks every visitor again.
   */
  consentRevision?: string;
  /** PLAUSIBLE_DOMAIN and PLAUSIBLE_SCRIPT_URL (defaulted), or null. */
  plausible: { domain: string; scriptUrl: string } | null;
}

/**
 * The first-party cookies each category's tools set on this site (GA4 and the container's Google
 * tags: `_ga`, `_ga_<ID>`, `_gcl_*`; Google Ads: `_gcl_*`; the Meta Pixel: `_fbp`, `_fbc`),
 * deleted when the visitor withdraws that category (decision 045).
 */
export const CATEGORY_COOKIES: Record<Category, RegExp> = {
  measurement: /^(_ga|_ga_\w+|_gcl_\w+)$/,
  advertising: /^(_gcl_\w+|_fbp|_fbc)$/,
};

type Tags = Pick<Measurement, "ga4" | "gtm" | "metaPixel">;

/**
 * The conversion destinations the server sends click identifiers to (decision 079): Meta's
 * Conversions API and Google Ads' conversion file. The advertising consent names them even without
 * a browser tag of that vendor, so the visitor's "accept" covers where the click identifiers go.
 * The pages' public subset of the conversions' settings (src/shared/conversions.ts).
 */
export interface ConsentConversions {
  meta: boolean;
  googleAds: boolean;
}
export const NO_CONSENT_CONVERSIONS: ConsentConversions = { meta: false, googleAds: false };

/**
 * What needs consent, in a fixed order, by name (the consent version is made of them): the tags,
 * then the conversion recipients (`meta-capi`, `google-ads`).
 */
export function consentTools(m: Tags, c: ConsentConversions = NO_CONSENT_CONVERSIONS): string[] {
  return [
    m.ga4 && "ga4",
    m.gtm && "gtm",
    m.metaPixel && "meta",
    c.meta && "meta-capi",
    c.googleAds && "google-ads",
  ].filter((t): t is string => Boolean(t));
}

/**
 * The categories a visitor is asked about: measurement with GA4 or GTM, advertising with Meta or GTM
 * (its ad tags) or a conversion recipient (decision 079).
 */
export function consentCategories(m: Tags, c: ConsentConversions = NO_CONSENT_CONVERSIONS): Category[] {
  const out: Category[] = [];
  if (m.ga4 || m.gtm) out.push("measurement");
  if (m.metaPixel || m.gtm || c.meta || c.googleAds) out.push("advertising");
  return out;
}

/**
 * Whom the advertising purpose names, so whose click identifiers a sales contact may keep
 * (decision 079): Google with GTM (its Google Ads tags) or Google Ads' conversion file; Meta with
 * the Pixel or the Conversions API. GA4 alone is measurement: it names no advertising recipient.
 */
export function adRecipients(m: Tags, c: ConsentConversions): { google: boolean; meta: boolean } {
  return { google: Boolean(m.gtm) || c.googleAds, meta: Boolean(m.metaPixel) || c.meta };
}

/**
 * The version stored with a choice: what needs consent (the tags and the conversion recipients),
 * and CONSENT_VERSION when set (`ga4+gtm+meta+meta-capi@2026-11`). Adding or removing a tool or a
 * conversion destination, or changing CONSENT_VERSION, changes it, and a choice of another version
 * is asked again; a changed id of the same tool is not.
 */
export const consentVersion = (
  m: Tags & Pick<Measurement, "consentRevision">,
  c: ConsentConversions = NO_CONSENT_CONVERSIONS,
): string => consentTools(m, c).join("+") + (m.consentRevision ? `@${m.consentRevision}` : "");

/** The conversion recipients as the page names them to the client entry (`meta-capi+google-ads`), or null. */
export const conversionsLabel = (c: ConsentConversions): string | null =>
  consentTools({ ga4: null, gtm: null, metaPixel: null }, c).join("+") || null;

/** The client entry's reading of `conversionsLabel`. */
export function readConversionsLabel(label: string | null): ConsentConversions {
  const names = (label ?? "").split("+");
  return { meta: names.includes("meta-capi"), googleAds: names.includes("google-ads") };
}

export interface Choice {
  categories: Category[];
  /** When the visitor chose (ISO 8601). */
  time: string;
  version: string;
}

/** How long a choice holds (decision 045): after it, the visitor is asked again. */
export const CHOICE_MONTHS = 12;

/** Whether a choice made at `time` (ISO 8601) has expired at `now`; an unreadable time has. */
export function choiceExpired(time: string, now: number): boolean {
  const made = new Date(time);
  if (Number.isNaN(made.getTime()) || made.getTime() > now) return true;
  made.setUTCMonth(made.getUTCMonth() + CHOICE_MONTHS);
  return made.getTime() <= now;
}

/**
 * A stored choice, if it is well formed, of this version and younger than CHOICE_MONTHS at `now`;
 * anything else is no choice (the banner asks again).
 */
export function parseChoice(raw: string | null, version: string, now = Date.now()): Choice | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<Choice>;
    if (value.version !== version || typeof value.time !== "string" || !Array.isArray(value.categories)) return null;
    if (choiceExpired(value.time, now)) return null;
    const categories = CATEGORIES.filter((c) => value.categories!.includes(c));
    return { categories, time: value.time, version };
  } catch {
    return null;
  }
}
