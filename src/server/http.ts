/** Small request helpers shared by the routes. */
import type { Request } from "express";
import { langFromQuery, type Lang } from "../shared/languages";
import type { Encoding } from "./pageCache";

/**
 * The query string, parsed leniently (URLSearchParams never throws on bad encoding). Express's
 * own query parser is off: nothing here accepts nested or array-shaped parameters.
 */
export function queryOf(req: Request): URLSearchParams {
  const i = req.url.indexOf("?");
  return new URLSearchParams(i === -1 ? "" : req.url.slice(i + 1, i + 1 + 4096));
}

/** A parameter given exactly once; `null` when repeated (which no form of ours sends). */
export function single(params: URLSearchParams, name: string): string | null | undefined {
  const all = params.getAll(name);
  return all.length === 1 ? all[0] : all.length > 1 ? null : undefined;
}

export function requestLang(params: URLSearchParams): Lang {
  return langFromQuery(single(params, "lang"));
}

/** Brotli when accepted, else gzip, else identity (q-values honoured). */
export function negotiateEncoding(req: Request): Encoding {
  const choice = req.acceptsEncodings("br", "gzip", "identity");
  return choice === "br" || choice === "gzip" ? choice : "identity";
}
