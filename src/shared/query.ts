/**
 * A query string read once, the same way on the server and in the browser (decision 058): pairs
 * split on `&`, each name and value decoded as a form would (`+` is a space). Pure, no DOM, no Node.
 * - queryPairs(): every pair with its raw text kept (redirects and the campaign links copy pairs
 *   exactly as they came) and its name and value decoded, null where the encoding is malformed.
 * - parseQuery() and single(): what a route asks (`single(query, "v")`); a value whose encoding is
 *   malformed is kept as it came, so that it reads as present and invalid, never as blank.
 */

/** A query component decoded as a form would (`+` is a space); null when it is not valid encoding. */
export function decodeComponent(raw: string): string | null {
  try {
    return decodeURIComponent(raw.replace(/\+/g, " "));
  } catch {
    return null;
  }
}

export interface QueryPair {
  /** The pair exactly as it came (`utm_source=a%20b`). */
  raw: string;
  /** The decoded name; null when malformed. */
  name: string | null;
  /** The decoded value, `""` when the pair has no `=`; null when malformed. */
  value: string | null;
  /** Whether the pair has an `=` (a name alone, `?leads`, has none). */
  hasValue: boolean;
}

/** The non-empty pairs of a raw query string (without its `?`), in order. */
export function queryPairs(raw: string): QueryPair[] {
  const pairs: QueryPair[] = [];
  for (const pair of raw.split("&")) {
    if (!pair) continue;
    const eq = pair.indexOf("=");
    const hasValue = eq !== -1;
    pairs.push({
      raw: pair,
      name: decodeComponent(hasValue ? pair.slice(0, eq) : pair),
      value: hasValue ? decodeComponent(pair.slice(eq + 1)) : "",
      hasValue,
    });
  }
  return pairs;
}

/** A parsed query: each decoded name with its values in order. */
export type Query = ReadonlyMap<string, readonly string[]>;

/** The longest query read (the URL guard refuses longer request targets before this runs). */
export const MAX_QUERY_LENGTH = 4096;

/**
 * The query's names and values (a `?` left at its start is dropped, as URLSearchParams does); at
 * most MAX_QUERY_LENGTH characters of it are read.
 */
export function parseQuery(raw: string | null): Query {
  const query = new Map<string, string[]>();
  if (!raw) return query;
  for (const pair of queryPairs(raw.slice(0, MAX_QUERY_LENGTH).replace(/^\?/, ""))) {
    if (pair.name === null) continue;
    const eq = pair.raw.indexOf("=");
    const value = pair.value ?? pair.raw.slice(eq + 1);
    query.set(pair.name, [...(query.get(pair.name) ?? []), value]);
  }
  return query;
}

/** A parameter given exactly once; `null` when repeated (which no form or link of ours sends), undefined when absent. */
export function single(query: Query, name: string): string | null | undefined {
  const all = query.get(name);
  return all === undefined ? undefined : all.length === 1 ? all[0] : null;
}

/**
 * The query parameters that change a response: the calculator's two fields (an answer), the ad's
 * message-match variant (decision 056), an experiment's arm (`xa`, issue 37) and the old language
 * parameter (a redirect at `/`, decision 020). Every other parameter gives the same bytes; the cache in front of the site
 * (deploy/varnish.vcl) keys on these and no other, and a test holds the two lists together.
 */
export const RESPONSE_PARAMS = ["leads", "interactions", "v", "lang", "xa"] as const;
