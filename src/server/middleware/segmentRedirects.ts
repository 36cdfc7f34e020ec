/**
 * The segment pages' own redirects, in any letter case, with or without one trailing slash, the
 * query kept as it came, `public, max-age=86400` like the other 301s (decision 042):
 * - the parent path (`/segmentos`, `/en/industries`, `/es/segmentos`) is not a page of its own:
 *   a 301 to the landing page's industries grid in that language, whose tiles link to every
 *   segment (decision 054);
 * - a page's former path (the route table's `formerSlugs`, e.g. `/es/segmentos/estudios-juridicos`):
 *   a 301 to the page's current path, since its URLs are in live ads (decision 064).
 * GET and HEAD only; other methods reach the route's 405 or the 404.
 */
import type { RequestHandler } from "express";
import { rawQueryOf } from "../request";
import { FORMER_SEGMENT_PATHS, SEGMENT_PARENTS } from "../../content/segmentPages";
import { landingHref } from "../../shared/languages";

const PARENTS = new Map(SEGMENT_PARENTS.map((p) => [p.path, landingHref(p.lang)]));
const FORMER = new Map(FORMER_SEGMENT_PATHS.map((p) => [p.path, p.to]));

export function segmentRedirects(): RequestHandler {
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const path = req.path;
    const folded = (path.length > 1 && path.endsWith("/") ? path.slice(0, -1) : path).toLowerCase();
    const landing = PARENTS.get(folded);
    const to = landing ?? FORMER.get(folded);
    if (to === undefined) return next();
    const query = rawQueryOf(req);
    res.setHeader("Cache-Control", "public, max-age=86400");
    res.setHeader("Location", to + (query ? `?${query}` : "") + (landing === undefined ? "" : "#industries"));
    res.status(301).end();
  };
}
