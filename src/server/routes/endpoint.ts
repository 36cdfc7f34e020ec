/**
 * What one row of the route table (endpoints.ts) is, and what is derived from a row: its `Allow`
 * header and the paths whose other spellings are a 301. Apart from endpoints.ts so that the
 * middleware deriving from rows (anySpelling.ts) does not import the table, which imports the app's
 * options (no import cycle, decision 085).
 */
import type { RequestHandler } from "express";

export type Method = "get" | "post" | "put" | "delete";

export interface Endpoint {
  path: string;
  /**
   * Its handlers per method, in order (password checks and body parsers first); null when not
   * configured (no password, no store): its path is the site's 404, and its other spellings still
   * a 301 to it (a link is one URL whether or not the report is on).
   */
  methods: Partial<Record<Method, RequestHandler[]>> | null;
  /**
   * false (default): another spelling of the path (`/EN`, `/Leads/`) is a 301 to it (decision 042);
   * true: it answers every spelling itself (a redirect of its own: one hop, not two).
   */
  anySpelling?: boolean;
  /** The answer to a method it does not have, given its `Allow` (default: the site's 405 page; the token API's is JSON). */
  refuse?: (allow: string) => RequestHandler;
}

/** The `Allow` header of an endpoint: its methods, GET with HEAD. */
export function allowOf(endpoint: Endpoint): string {
  return (Object.keys(endpoint.methods ?? {}) as Method[])
    .flatMap((m) => (m === "get" ? ["GET", "HEAD"] : [m.toUpperCase()]))
    .join(", ");
}

/** The paths whose other spellings are a 301 to them: every exact path with a GET (or off). */
export function canonicalPaths(endpoints: readonly Endpoint[]): string[] {
  return endpoints.filter((e) => !e.anySpelling && (e.methods === null || e.methods.get)).map((e) => e.path);
}
