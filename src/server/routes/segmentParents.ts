/**
 * The parent path of the segment pages (`/segmentos`, `/en/industries`, `/es/segmentos`) is not a
 * page of its own: a route (the route table, index.ts) whose GET is a 301 to the landing page's
 * industries grid in that language, whose tiles link to every segment (decision 054), the query
 * kept as it came. It answers every spelling itself (any letter case, one trailing slash), so that
 * `/Segmentos/` is one redirect, not two; other methods get the route's 405.
 */
import type { RequestHandler } from "express";
import { rawQueryOf } from "../request";
import { SEGMENT_BASE } from "../../content/segments";
import { LANGS, landingHref, type Lang } from "../../shared/languages";
import type { Route } from "./route";

const toIndustries =
  (lang: Lang): RequestHandler =>
  (req, res) => {
    const query = rawQueryOf(req);
    res.setHeader("Cache-Control", "public, max-age=86400");
    res.setHeader("Location", landingHref(lang) + (query ? `?${query}` : "") + "#industries");
    res.status(301).end();
  };

export const segmentParents: Route = {
  paths: LANGS.map((lang) => ({ lang, path: SEGMENT_BASE[lang] })),
  get: toIndustries,
  anySpelling: true,
};
