/*
 * The sales links' campaign fields (issue 31, decision 069). Every "talk to sales" link is the
 * same-origin `/sales?page=…` the server wrote, the same for every visitor; when the visitor
 * follows one (click, middle click, keyboard), this adds to that link, just before the browser
 * leaves, what the session already keeps (client/attribution.ts):
 *  - the campaign fields utm_source, utm_medium, utm_campaign, utm_term, utm_content, always;
 *  - the click identifiers gclid, gbraid, wbraid, fbclid (and `fbclid_at`, when the session's set
 *    was first kept), only when the visitor accepted advertising, with `consent=<version>` of that
 *    choice (the server keeps click ids only with it, decision 089): client/consent.ts, on pages
 *    with a consent tool, tells this module through grantClickIds().
 * Without JavaScript the link goes as written and the server reads the campaign fields from the
 * Referer instead. Nothing else is ever added; the page's HTML is never changed before the click.
 */
import { ATTRIBUTION_TIME_KEY } from "../src/shared/attribution";
import { CLICK_ID_PARAMS, CONSENT_PARAM, FBCLID_AT_PARAM, isSalesUrl, UTM_FIELDS } from "../src/shared/sales";
import { sessionAttribution, withAttribution } from "./attribution";

const UTM_NAMES = new Set<string>(UTM_FIELDS.map((f) => `utm_${f}`));
const CLICK_NAMES = new Set<string>(CLICK_ID_PARAMS);

/**
 * What a sales link gets from the session's attribution pairs (raw, as kept): the utm fields, and
 * with `advertising` (the consent version of a choice that accepted it) the click identifiers and
 * `consent=<version>`, plus `fbclid_at` when there is an fbclid and `arrivedAt`.
 */
export function salesQuery(attribution: string, advertising: string | null, arrivedAt: string | null): string {
  const kept: string[] = [];
  const clicks = new Set<string>();
  for (const pair of attribution ? attribution.split("&") : []) {
    const name = pair.slice(0, pair.indexOf("="));
    if (advertising !== null && CLICK_NAMES.has(name)) clicks.add(name);
    if (UTM_NAMES.has(name) || (advertising !== null && CLICK_NAMES.has(name))) kept.push(pair);
  }
  if (clicks.has("fbclid") && arrivedAt && /^\d{1,15}$/.test(arrivedAt)) kept.push(`${FBCLID_AT_PARAM}=${arrivedAt}`);
  if (clicks.size > 0 && advertising !== null) kept.push(`${CONSENT_PARAM}=${encodeURIComponent(advertising)}`);
  return kept.join("&");
}

let advertising: () => string | null = () => null;

/** client/consent.ts: the consent version when the visitor's choice, as applied now, includes advertising. */
export function grantClickIds(check: () => string | null): void {
  advertising = check;
}

function arrivedAt(): string | null {
  try {
    return window.sessionStorage.getItem(ATTRIBUTION_TIME_KEY);
  } catch {
    return null;
  }
}

export function startSales(): void {
  /** Each sales link's href as the server wrote it (React may reset it; a second click starts over). */
  const written = new WeakMap<Element, string>();
  const follow = (e: MouseEvent) => {
    const a = (e.target as Element | null)?.closest?.<HTMLAnchorElement>("a[href]");
    if (!a || !isSalesUrl(new URL(a.href), location.origin)) return;
    const own = a.getAttribute("href")!;
    const base = written.get(a) === undefined || !own.startsWith(written.get(a)!) ? own : written.get(a)!;
    written.set(a, base);
    const query = salesQuery(sessionAttribution(location.search, window), advertising(), arrivedAt());
    a.setAttribute("href", withAttribution(base, query));
  };
  document.addEventListener("click", follow, true);
  document.addEventListener("auxclick", follow, true);
}
