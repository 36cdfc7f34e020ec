/**
 * A path per language (decision 020): `/` Portuguese, `/en` English, `/es`
 * Spanish. Pure functions over the request's path and raw query string, used by the routes.
 */
import { DEFAULT_LANG, isLang, landingHref, langFromQuery, type Lang } from "../shared/languages";
import { queryPairs } from "../shared/query";

/** The language a path belongs to: `/en` and `/en/…` English, `/es` and `/es/…` Spanish, else Portuguese. */
export function langOfPath(path: string): Lang {
  const first = /^\/([^/]*)/.exec(path)?.[1] ?? "";
  return isLang(first) && first !== DEFAULT_LANG ? first : DEFAULT_LANG;
}

/**
 * Where an old `/?lang=…` link goes now: the language's path (`/en`, `/es`; `pt`, any other value,
 * a repeated or malformed `lang`: `/`), with every other parameter exactly as it came (order and
 * encoding; empty pairs dropped). null when the query has no `lang`.
 */
export function legacyLangLocation(rawQuery: string): string | null {
  const values: Array<string | null> = [];
  const rest: string[] = [];
  for (const pair of queryPairs(rawQuery)) {
    if (pair.name === "lang") values.push(pair.value);
    else rest.push(pair.raw);
  }
  if (values.length === 0) return null;
  const lang = values.length === 1 ? langFromQuery(values[0]) : DEFAULT_LANG;
  return landingHref(lang) + (rest.length ? `?${rest.join("&")}` : "");
}

/** A path as another spelling of a route folds to: lower case, without one trailing slash. */
export function foldPath(path: string): string {
  return (path.length > 1 && path.endsWith("/") ? path.slice(0, -1) : path).toLowerCase();
}

/**
 * One URL per page (decision 042): another spelling of a route's path (other letter case, one
 * trailing slash: `/EN`, `/en/`, `/Privacy/`, `/ROBOTS.TXT`) → the route's own path, query kept as
 * it came; null for the route's own path and for anything that is not a route (static files are
 * matched exactly, never redirected).
 */
export function canonicalLocation(path: string, rawQuery: string | null, routes: readonly string[]): string | null {
  if (routes.includes(path)) return null;
  const folded = foldPath(path);
  const route = routes.find((r) => r === folded);
  return route === undefined ? null : route + (rawQuery ? `?${rawQuery}` : "");
}
