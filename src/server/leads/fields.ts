/**
 * What a sales link's request says, validated and bounded (issue 31 item 2, decision 070). Pure
 * functions over the query and the Referer: nothing from the request is kept unless it passes its
 * rule, and nothing is ever copied into a response (only the page's known path, a catalogue variant
 * and a plan id from the table reach the lead; the message is the catalogue's).
 * - `page` must be one of the site's pages that have sales links; `v` a variant written for it;
 *   `plan` a plan id; `link=footer` the footer's general link. A repeated name counts as absent.
 * - utm_*: at most 100 characters, printable (no control, format or private-use characters).
 * - Click identifiers: letters, digits, `-` and `_`, a letter or digit first (a formula never, decision
 *   090), at most 200 (what client/attribution.ts
 *   keeps); `fbclid_at` a time in milliseconds within the last 90 days (else the lead's time).
 */
import { LANGS, landingHref, type Lang } from "../../shared/languages";
import { PLANS, type Plan } from "../../shared/plans";
import {
  type CLICK_ID_PARAMS,
  CONSENT_PARAM,
  FBCLID_AT_PARAM,
  FOOTER_LINK,
  SALES_PARAMS,
  type UTM_FIELDS,
} from "../../shared/sales";
import { SEGMENT_PAGES } from "../../content/segmentPages";
import { variantsOf, type VariantPage } from "../../content/variants";
import type { SalesMessage } from "../../content/sales";
import type { Source } from "../../content/source";
import type { ClickIds, Utm } from "../ledger/types";
import { parseQuery, single, type Query } from "../../shared/query";

/** The pages with sales links, by path: the landing pages and every segment page. */
const PAGES = new Map<string, { lang: Lang; page: VariantPage }>([
  ...LANGS.map((lang) => [landingHref(lang), { lang, page: "home" as VariantPage }] as const),
  ...SEGMENT_PAGES.map((p) => [p.path, { lang: p.lang, page: p.key as VariantPage }] as const),
]);

export const MAX_UTM_LENGTH = 100;
export const MAX_CLICK_ID_LENGTH = 200;
const CLICK_ID = new RegExp(`^[A-Za-z0-9][A-Za-z0-9_-]{0,${MAX_CLICK_ID_LENGTH - 1}}$`);
const PRINTABLE = new RegExp(`^[^\\p{C}]{1,${MAX_UTM_LENGTH}}$`, "u");
const FBCLID_MAX_AGE_MS = 90 * 24 * 3600 * 1000;

/** A parameter given exactly once, else null (absent, repeated): decision 058's single(). */
const one = (params: Query, name: string): string | null => single(params, name) ?? null;

/** What the link asks for: which page (so which language and source), and which message. */
export interface SalesRequest {
  lang: Lang;
  path: string;
  source: Source;
  plan: Plan | null;
  message: SalesMessage;
}

/** The link's own fields; null when `page` is not one of the site's pages (a 400). */
export function readSalesQuery(params: Query): SalesRequest | null {
  const path = one(params, SALES_PARAMS.page);
  const known = path === null ? undefined : PAGES.get(path);
  if (!known || path === null) return null;
  const { lang, page } = known;
  const v = one(params, SALES_PARAMS.variant);
  const variant = v !== null && variantsOf(lang, page).includes(v) ? v : null;
  const planId = one(params, SALES_PARAMS.plan);
  const plan = PLANS.find((p) => p.id === planId) ?? null;
  const footer = one(params, SALES_PARAMS.link) === FOOTER_LINK;
  const message: SalesMessage = plan
    ? { plan: plan.name }
    : !footer && page !== "home"
      ? { segment: page }
      : { general: true };
  return { lang, path, source: { page, variant }, plan, message };
}

const printable = (value: string | null) =>
  value !== null && value.trim() !== "" && PRINTABLE.test(value) ? value : null;

/** The campaign fields of a query (each bounded and printable, else null). */
export function readUtm(params: Query): Utm {
  const pick = (field: (typeof UTM_FIELDS)[number]) => printable(one(params, `utm_${field}`));
  return {
    source: pick("source"),
    medium: pick("medium"),
    campaign: pick("campaign"),
    term: pick("term"),
    content: pick("content"),
  };
}

export const hasUtm = (utm: Utm) => Object.values(utm).some((v) => v !== null);

/** The click identifiers the client script added (only with advertising consent); null when none is valid. */
export function readClicks(params: Query, now: Date): ClickIds | null {
  const id = (name: (typeof CLICK_ID_PARAMS)[number]) => {
    const value = one(params, name);
    return value !== null && CLICK_ID.test(value) ? value : null;
  };
  const clicks = { gclid: id("gclid"), gbraid: id("gbraid"), wbraid: id("wbraid"), fbclid: id("fbclid") };
  if (Object.values(clicks).every((v) => v === null)) return null;
  let fbclidAt: Date | null = null;
  if (clicks.fbclid !== null) {
    const raw = one(params, FBCLID_AT_PARAM);
    const ms = raw !== null && /^\d{1,15}$/.test(raw) ? Number(raw) : NaN;
    const fresh = ms <= now.getTime() + 60_000 && ms >= now.getTime() - FBCLID_MAX_AGE_MS;
    fbclidAt = fresh ? new Date(ms) : now;
  }
  return { ...clicks, fbclidAt };
}

/**
 * Whether the link says the visitor accepted advertising: `consent` equal to the consent version
 * this site serves now (decision 089). A click identifier alone never is: Google's auto-tagging adds
 * a gclid to a link straight to /sales, and anyone can write one.
 */
export function adConsent(params: Query, version: string): boolean {
  return version !== "" && one(params, CONSENT_PARAM) === version;
}

/**
 * The click identifiers of the recipients the advertising consent named (decision 079): Google's
 * (gclid, gbraid, wbraid) only when it names Google, fbclid and its time only when it names Meta;
 * the others dropped (data minimisation, LGPD art. 6 III). Null when none is left.
 */
export function namedClicks(clicks: ClickIds | null, to: { google: boolean; meta: boolean }): ClickIds | null {
  if (!clicks) return null;
  const kept: ClickIds = {
    gclid: to.google ? clicks.gclid : null,
    gbraid: to.google ? clicks.gbraid : null,
    wbraid: to.google ? clicks.wbraid : null,
    fbclid: to.meta ? clicks.fbclid : null,
    fbclidAt: to.meta ? clicks.fbclidAt : null,
  };
  return kept.gclid || kept.gbraid || kept.wbraid || kept.fbclid ? kept : null;
}

/**
 * The query of a same-origin Referer (the page the visitor followed the link from, without
 * JavaScript), else null. `origins`: this site's (SITE_URL's and the request's own).
 */
export function refererQuery(referer: string | undefined, origins: readonly string[]): Query | null {
  if (!referer || referer.length > 4096) return null;
  try {
    const url = new URL(referer);
    return origins.includes(url.origin) ? parseQuery(url.search) : null;
  } catch {
    return null;
  }
}
