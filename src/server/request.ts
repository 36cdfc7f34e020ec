/** Small request helpers shared by the routes and middleware: the query string, and errors with a status. */
import type { Request } from "express";

/**
 * The query string, parsed leniently (URLSearchParams never throws on bad encoding). Express's
 * own query parser is off: nothing here accepts nested or array-shaped parameters.
 */
export function queryOf(req: Request): URLSearchParams {
  return new URLSearchParams((rawQueryOf(req) ?? "").slice(0, 4096));
}

/** The query string exactly as it came (without `?`), or null when the URL has none. */
export function rawQueryOf(req: Request): string | null {
  const i = req.url.indexOf("?");
  return i === -1 ? null : req.url.slice(i + 1);
}

/** A parameter given exactly once; `null` when repeated (which no form of ours sends). */
export function single(params: URLSearchParams, name: string): string | null | undefined {
  const all = params.getAll(name);
  return all.length === 1 ? all[0] : all.length > 1 ? null : undefined;
}

/** An error carrying its HTTP status, for the error handler (errors.ts) to answer with a page. */
export function httpError(status: number, message: string): Error & { status: number } {
  return Object.assign(new Error(message), { status });
}
