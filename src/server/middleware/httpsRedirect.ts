/**
 * Visitors who reached the PaaS router over plain HTTP (X-Forwarded-Proto: http, trusted per
 * TRUST_PROXY) get a 308 to HTTPS, path and query kept. The target host comes from SITE_URL only
 * (config.ts: production refuses FORCE_HTTPS without it, decision 043), never from the request's
 * Host or X-Forwarded-Host, so nothing a client sends can steer the redirect.
 */
import type { RequestHandler } from "express";
import type { PageSettings } from "../../content/site";
import { MAX_PATH } from "./urlGuard";

export function httpsRedirect(config: Pick<PageSettings, "siteUrl">): RequestHandler {
  const host = new URL(config.siteUrl).host;
  return (req, res, next) => {
    if (req.protocol === "https") return next();
    // A path starting with // would name another host: the redirect goes home instead.
    const path =
      req.originalUrl.startsWith("/") && !req.originalUrl.startsWith("//") ? req.originalUrl.slice(0, MAX_PATH) : "/";
    res.setHeader("Cache-Control", "public, max-age=3600");
    res.redirect(308, `https://${host}${path}`);
  };
}
