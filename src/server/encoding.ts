/** Small request helpers shared by the routes and middleware. */
import type { Request } from "express";
import type { Encoding } from "./compress";

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

/**
 * The best encoding the client accepts: highest q-value, ties going to brotli, then gzip, then
 * identity. `*` covers what is not named; a malformed header is read as far as it makes sense.
 */
export function negotiateEncoding(req: Request): Encoding {
  return chooseEncoding(req.headers["accept-encoding"]);
}

const PREFERENCE: Encoding[] = ["br", "gzip", "identity"];

export function chooseEncoding(header: string | undefined): Encoding {
  if (!header) return "identity";
  const q = new Map<string, number>();
  for (const part of header.slice(0, 512).split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    if (!name) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    q.set(name, Number.isFinite(value) ? Math.min(Math.max(value, 0), 1) : 0);
  }
  const star = q.get("*");
  const weight = (e: Encoding) => q.get(e) ?? (e === "identity" ? (star ?? 1) : (star ?? 0));
  let best: Encoding = "identity";
  let bestWeight = -1;
  for (const e of PREFERENCE) {
    const w = weight(e);
    if (w > 0 && w > bestWeight) {
      best = e;
      bestWeight = w;
    }
  }
  return best;
}

/** An error carrying its HTTP status, for the error handler (errors.ts) to answer with a page. */
export function httpError(status: number, message: string): Error & { status: number } {
  return Object.assign(new Error(message), { status });
}
