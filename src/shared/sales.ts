/**
 * The same-origin "talk to sales" link (issue 31, decision 069), what the server's pages, its
 * redirect route and the client entry share: the path, the names in its query, and what the
 * client script adds at click time. Every sales link on every page is `/sales?page=…`: the same for
 * every visitor (pages stay cached byte for byte); following it records a lead and answers 303 to
 * wa.me (or mailto:) with the message and the lead's code.
 */

/** The redirect's path. */
export const SALES_PATH = "/sales";

/** The query the server writes: the page the link is on, its variant, the plan, and which link. */
export const SALES_PARAMS = { page: "page", variant: "v", plan: "plan", link: "link", arm: "xa" } as const;

/** `link=footer`: the footer's general "talk to us" link (no plan, no segment message). */
export const FOOTER_LINK = "footer";

/** Campaign fields the client script adds from the session (legitimate interest: no consent needed). */
export const UTM_FIELDS = ["source", "medium", "campaign", "term", "content"] as const;
export type UtmField = (typeof UTM_FIELDS)[number];

/** Click identifiers the client script adds only when the visitor accepted advertising. */
export const CLICK_ID_PARAMS = ["gclid", "gbraid", "wbraid", "fbclid"] as const;
export type ClickIdParam = (typeof CLICK_ID_PARAMS)[number];

/**
 * The consent version (src/shared/measurement.ts `consentVersion`) of the choice that accepted
 * advertising, added by the client beside the click identifiers: the server keeps click identifiers
 * only when it equals the version it serves (decision 089). A click id alone (an ad's auto-tagging
 * on a link straight to /sales, a forged link) is never consent.
 */
export const CONSENT_PARAM = "consent";

/** When the visitor arrived with the fbclid (milliseconds since the epoch), for Meta's `fbc`. */
export const FBCLID_AT_PARAM = "fbclid_at";

/** True when `url` (absolute) is this site's sales redirect. */
export function isSalesUrl(url: URL, origin: string): boolean {
  return url.origin === origin && url.pathname === SALES_PATH;
}
