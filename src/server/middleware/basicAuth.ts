/**
 * HTTP Basic authentication for the operator's routes (the report, decision 072; the Google Ads
 * file, decision 078): any user name, one password, compared in constant time; failures throttled
 * per client (decision 090).
 */
import { createHash, timingSafeEqual } from "node:crypto";
import type { RequestHandler } from "express";
import { failureLimit, tooManyFailures, type FailureLimit } from "./failedAuth";

const digest = (value: string) => createHash("sha256").update(value).digest();

/** The password of an `Authorization: Basic` header (any user name), or null. */
export function basicPassword(header: string | undefined): string | null {
  const match = /^Basic ([A-Za-z0-9+/=]{1,1024})$/i.exec(header?.trim() ?? "");
  if (!match) return null;
  const decoded = Buffer.from(match[1], "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  return colon < 0 ? null : decoded.slice(colon + 1);
}

/**
 * A handler that answers 401 unless the request carries `password`, compared in constant time; a
 * client over its failures gets 429 with Retry-After (failedAuth.ts, decision 090).
 */
export function requirePassword(password: string, realm: string, limit: FailureLimit = failureLimit()): RequestHandler {
  const expected = digest(password);
  return (req, res, next) => {
    const wait = limit.wait(req);
    if (wait > 0) return tooManyFailures(res, wait);
    const given = basicPassword(req.headers.authorization);
    if (given !== null && timingSafeEqual(digest(given), expected)) return void (limit.succeeded(req), next());
    // No Authorization header is the browser asking for the dialog, not a guess.
    if (req.headers.authorization !== undefined) limit.failed(req);
    res
      .status(401)
      .set({
        "WWW-Authenticate": `Basic realm="${realm}", charset="UTF-8"`,
        "Cache-Control": "private, no-store",
        "Content-Type": "text/plain; charset=utf-8",
      })
      .send("Authentication required\n");
  };
}
