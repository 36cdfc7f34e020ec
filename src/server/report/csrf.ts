/**
 * The report's forms and cross-site requests (decision 095). The report is behind HTTP Basic, which
 * a browser sends with any request to the site, also one another site makes it submit; so every
 * POST must carry the form's token, an HMAC of the report password (another site cannot read the
 * page to learn it, and it changes with the password), and must not say it comes from elsewhere
 * (`Sec-Fetch-Site: cross-site`, or an `Origin` that is not this host).
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import type { Request } from "express";

export const csrfToken = (password: string) =>
  createHmac("sha256", password).update("xia-report-form-v1").digest("base64url");

export function csrfOk(req: Request, given: string | undefined, password: string): boolean {
  const site = req.get("sec-fetch-site");
  if (site && site !== "same-origin" && site !== "none") return false;
  const origin = req.get("origin");
  if (origin && origin !== "null") {
    try {
      if (new URL(origin).host !== req.get("host")) return false;
    } catch {
      return false;
    }
  } else if (origin === "null") return false;
  const expected = Buffer.from(csrfToken(password));
  const got = Buffer.from(given ?? "");
  return got.length === expected.length && timingSafeEqual(got, expected);
}
