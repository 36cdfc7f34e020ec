/** Small request helpers shared by the routes and middleware: the query string, and errors with a status. */
import type { Request } from "express";
import { parseQuery, type Query } from "../shared/query";

/**
 * The query string, parsed once (src/shared/query.ts: never throws on bad encoding). Express's
 * own query parser is off: nothing here accepts nested or array-shaped parameters.
 */
export function queryOf(req: Request): Query {
  return parseQuery(rawQueryOf(req));
}

/** The query string exactly as it came (without `?`), or null when the URL has none. */
export function rawQueryOf(req: Request): string | null {
  const i = req.url.indexOf("?");
  return i === -1 ? null : req.url.slice(i + 1);
}

/** An error carrying its HTTP status, for the error handler (errors.ts) to answer with a page. */
export function httpError(status: number, message: string): Error & { status: number } {
  return Object.assign(new Error(message), { status });
}
