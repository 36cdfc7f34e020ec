/*
 * Campaign attribution (decision 022; docs/architecture.md). Runs at once from
 * client/main.ts, on the landing page (the one page with JavaScript and APP_URL links, decision
 * 029), before and independently of the islands:
 *  1. reads the allowed tracking parameters (utm_*, gclid, gbraid, wbraid, gad_source,
 *     gad_campaignid, fbclid, ttclid, msclkid) from the URL the visitor arrived on;
 *  2. keeps them for the tab's session in sessionStorage, the first set seen winning (storage that
 *     throws: the URL's own values, for this page only);
 *  3. appends them, raw as they came, to every link to APP_URL (the server names it in
 *     `<body data-app-url>`), and again to any such link an island renders or re-renders later.
 * No cookie, nothing sent anywhere else; the server never writes these values into its HTML.
 * The logic is pure functions over strings (unit-tested beside this file); startAttribution() is
 * the thin DOM layer (tested in Chromium).
 */

import { ATTRIBUTION_KEY } from "../src/shared/attribution";
import { islandSelector } from "../src/shared/islandMarkers";
import { readBodyData } from "../src/shared/pageData";
import { queryPairs } from "../src/shared/query";

export { ATTRIBUTION_KEY };
/** Longest value kept (decoded characters); a longer one is ignored. */
export const MAX_VALUE_LENGTH = 200;

const CLICK_IDS = new Set(["gclid", "gbraid", "wbraid", "gad_source", "gad_campaignid", "fbclid", "ttclid", "msclkid"]);

export function isAttributionName(name: string): boolean {
  return CLICK_IDS.has(name) || /^utm_[a-z0-9_]{1,40}$/.test(name);
}

/**
 * The allowed `name=value` pairs of a raw query string (with or without its `?`), exactly as they
 * came (order and encoding), joined with `&`. The first occurrence of a name counts; empty values,
 * values over MAX_VALUE_LENGTH, malformed encoding and every other name are dropped.
 */
export function pickAttribution(search: string): string {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const { raw, name, value, hasValue } of queryPairs(search.replace(/^\?/, ""))) {
    if (!hasValue || name === null || value === null || !isAttributionName(name) || seen.has(name)) continue;
    if (value.trim() === "" || value.length > MAX_VALUE_LENGTH) continue;
    seen.add(name);
    kept.push(raw);
  }
  return kept.join("&");
}

type SessionHost = { sessionStorage: Pick<Storage, "getItem" | "setItem"> };

/**
 * This page's attribution: what the session already holds, else the URL's set (stored for the rest
 * of the session). Storage that throws — even on `window.sessionStorage` itself — gives the URL's.
 */
export function sessionAttribution(search: string, host: SessionHost): string {
  const fromUrl = pickAttribution(search);
  try {
    const stored = pickAttribution(host.sessionStorage.getItem(ATTRIBUTION_KEY) ?? "");
    if (stored) return stored;
    if (fromUrl) host.sessionStorage.setItem(ATTRIBUTION_KEY, fromUrl);
  } catch {
    /* storage blocked: this page only */
  }
  return fromUrl;
}

/** True when `href` (absolute) leads into the application at `appUrl`: same origin, under its path. */
export function isAppHref(href: string, appUrl: string): boolean {
  try {
    const link = new URL(href);
    const app = new URL(appUrl);
    return link.origin === app.origin && link.pathname.startsWith(app.pathname);
  } catch {
    return false;
  }
}

/** `href` with the attribution pairs added to its query, before any `#fragment`. */
export function withAttribution(href: string, attribution: string): string {
  if (!attribution) return href;
  const hashAt = href.indexOf("#");
  const base = hashAt === -1 ? href : href.slice(0, hashAt);
  const hash = hashAt === -1 ? "" : href.slice(hashAt);
  const joiner = !base.includes("?") ? "?" : /[?&]$/.test(base) ? "" : "&";
  return base + joiner + attribution + hash;
}

/**
 * The DOM layer: marks every APP_URL link now, then watches the islands (the only parts of a page
 * that render after load) for links added or whose href React resets.
 */
export function startAttribution(): void {
  const appUrl = readBodyData(document.body).appUrl;
  if (!appUrl) return;
  const attribution = sessionAttribution(location.search, window);
  if (!attribution) return;

  /** The href this module last gave each link, so a link is never marked twice. */
  const given = new WeakMap<Element, string>();
  const mark = (a: HTMLAnchorElement) => {
    const href = a.getAttribute("href");
    if (!href || given.get(a) === href || !isAppHref(a.href, appUrl)) return;
    const next = withAttribution(href, attribution);
    given.set(a, next);
    a.setAttribute("href", next);
  };
  const markWithin = (node: Node) => {
    if (!(node instanceof Element)) return;
    if (node instanceof HTMLAnchorElement) mark(node);
    for (const a of node.querySelectorAll("a[href]")) mark(a as HTMLAnchorElement);
  };

  markWithin(document.body);
  const observer = new MutationObserver((records) => {
    for (const r of records) {
      if (r.type === "attributes") markWithin(r.target);
      else r.addedNodes.forEach(markWithin);
    }
  });
  for (const root of document.querySelectorAll(islandSelector())) {
    observer.observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: ["href"] });
  }
}
