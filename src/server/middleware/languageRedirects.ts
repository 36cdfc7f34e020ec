/**
 * The language redirects (decision 020), before the routes: `/en/` and `/es/` → `/en`, `/es`, and an
 * old `/?lang=…` link → its language's path, every other query parameter exactly as it came. No body
 * (nothing of the request is echoed into HTML); the Location is a fixed path plus the raw query.
 */
import type { RequestHandler, Response } from "express";
import { rawQueryOf } from "../request";
import { legacyLangLocation, trailingSlashLocation } from "../languagePaths";

function redirect(res: Response, location: string, cacheControl: string) {
  res.setHeader("Cache-Control", cacheControl);
  res.setHeader("Location", location);
  res.status(301).end();
}

export function languageRedirects(): RequestHandler {
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const query = rawQueryOf(req);
    const slash = trailingSlashLocation(req.path, query);
    if (slash) return redirect(res, slash, "public, max-age=86400");
    // Private: a shared cache whose key leaves out `lang` must not store this over `/`.
    const legacy = req.path === "/" && query !== null ? legacyLangLocation(query) : null;
    if (legacy) return redirect(res, legacy, "private, max-age=86400");
    next();
  };
}
