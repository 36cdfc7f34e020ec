/**
 * A path per language (decision 020): `/` Portuguese, `/en` English, `/es`
 * Spanish. Pure functions over the request's path and raw query string, used by the routes.
 */
import { DEFAULT_LANG, isLang, landingHref, langFromQuery, type Lang } from "../shared/languages";

/** The language a path belongs to: `/en` and `/en/…` English, `/es` and `/es/…` Spanish, else Portuguese. */
export function langOfPath(path: string): Lang {
  const first = /^\/([^/]*)/.exec(path)?.[1] ?? "";
  return isLang(first) && first !== DEFAULT_LANG ? first : DEFAULT_LANG;
}

function decode(raw: string): string | null {
  try {
    return decodeURIComponent(raw.replace(/\+/g, " "));
  } catch {
    return null;
  }
}

/**
 * Where an old `/?lang=…` link goes now: the language's path (`/en`, `/es`; `pt`, any other value,
 * a repeated or malformed `lang`: `/`), with every other parameter exactly as it came (order and
 * encoding; empty pairs dropped). null when the query has no `lang`.
 */
export function legacyLangLocation(rawQuery: string): string | null {
  const values: Array<string | null> = [];
  const rest: string[] = [];
  for (const pair of rawQuery.split("&")) {
    if (!pair) continue;
    const eq = pair.indexOf("=");
    if (decode(eq === -1 ? pair : pair.slice(0, eq)) === "lang")
      values.push(eq === -1 ? "" : decode(pair.slice(eq + 1)));
    else rest.push(pair);
  }
  if (values.length === 0) return null;
  const lang = values.length === 1 ? langFromQuery(values[0]) : DEFAULT_LANG;
  return landingHref(lang) + (rest.length ? `?${rest.join("&")}` : "");
}

/** `/en/` and `/es/` → the path without the slash, query kept as it came; null for any other path. */
export function trailingSlashLocation(path: string, rawQuery: string | null): string | null {
  const m = /^\/([a-z]{2})\/$/.exec(path);
  if (!m || !isLang(m[1]) || m[1] === DEFAULT_LANG) return null;
  return landingHref(m[1]) + (rawQuery ? `?${rawQuery}` : "");
}
