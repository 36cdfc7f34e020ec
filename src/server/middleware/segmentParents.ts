/**
 * The parent path of the segment pages (`/segmentos`, `/en/industries`, `/es/segmentos`, in any
 * letter case, with or without one trailing slash) is not a page of its own: a 301 to the
 * landing page's industries grid in that language, whose tiles link to every segment (decision
 * 054), the query kept as it came. GET and HEAD only; other methods reach the route's 405.
 */
import type { RequestHandler } from "express";
import { rawQueryOf } from "../request";
import { SEGMENT_PARENTS } from "../../content/segmentPages";
import { landingHref } from "../../shared/languages";

export function segmentParents(): RequestHandler {
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const path = req.path;
    const folded = (path.length > 1 && path.endsWith("/") ? path.slice(0, -1) : path).toLowerCase();
    const parent = SEGMENT_PARENTS.find((p) => p.path === folded);
    if (!parent) return next();
    const query = rawQueryOf(req);
    res.setHeader("Cache-Control", "public, max-age=86400");
    res.setHeader("Location", landingHref(parent.lang) + (query ? `?${query}` : "") + "#industries");
    res.status(301).end();
  };
}
