/**
 * Visitors who reached the PaaS router over plain HTTP (X-Forwarded-Proto: http, trusted per
 * TRUST_PROXY) get a 308 to HTTPS, path and query kept. With SITE_URL set the target host comes from
 * it, never from the request's Host, so a forged Host cannot steer the redirect; without it, from
 * the Host the trusted router passed on (400 when that is not a plain host name).
 */
import type { RequestHandler } from "express";
import type { Config } from "../config";
import { httpError } from "../request";
import { MAX_PATH } from "./urlGuard";

export function httpsRedirect(config: Config): RequestHandler {
  const siteHost = config.siteUrlSet ? new URL(config.siteUrl).host : null;
  return (req, res, next) => {
    if (req.protocol === "https") return next();
    const host = siteHost ?? (req.hostname && /^[a-z0-9.-]+(:\d+)?$/i.test(req.host) ? req.host : null);
    if (!host) return next(httpError(400, "Bad Host"));
    // A path starting with // would name another host: the redirect goes home instead.
    const path =
      req.originalUrl.startsWith("/") && !req.originalUrl.startsWith("//") ? req.originalUrl.slice(0, MAX_PATH) : "/";
    res.setHeader("Cache-Control", "public, max-age=3600");
    res.redirect(308, `https://${host}${path}`);
  };
}
