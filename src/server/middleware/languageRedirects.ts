/**
 * The redirects before the routes: any other spelling of a route (`/en/`, `/EN`, `/Privacy/`…) →
 * its own path (decision 042), and an old `/?lang=…` link → its language's path (decision 020),
 * every other query parameter exactly as it came. No body (nothing of the request is echoed into
 * HTML); the Location is a fixed path plus the raw query.
 */
import type { RequestHandler, Response } from "express";
import { rawQueryOf } from "../request";
import { canonicalLocation, legacyLangLocation } from "../languagePaths";

function redirect(res: Response, location: string, cacheControl: string) {
  res.setHeader("Cache-Control", cacheControl);
  res.setHeader("Location", location);
  res.status(301).end();
}

export function languageRedirects(routes: readonly string[]): RequestHandler {
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const query = rawQueryOf(req);
    const canonical = canonicalLocation(req.path, query, routes);
    if (canonical) return redirect(res, canonical, "public, max-age=86400");
    // Private: a shared cache whose key leaves out `lang` must not store this over `/`.
    const legacy = req.path === "/" && query !== null ? legacyLangLocation(query) : null;
    if (legacy) return redirect(res, legacy, "private, max-age=86400");
    next();
  };
}
