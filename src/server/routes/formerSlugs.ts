/**
 * A segment page's former paths (the route table's `formerSlugs`, e.g.
 * `/es/segmentos/estudios-juridicos`) are not pages: a route whose GET is a 301 to the page's
 * current path, the query kept as it came, `public, max-age=86400` like the other 301s, since
 * those URLs are in live ads (decision 064). It answers every spelling itself (any letter case,
 * one trailing slash: one redirect, not two); other methods get the route's 405.
 */
import type { RequestHandler } from "express";
import { foldPath } from "../languagePaths";
import { rawQueryOf } from "../request";
import { FORMER_SEGMENT_PATHS } from "../../content/segmentPages";
import type { Route } from "./route";

const TO = new Map(FORMER_SEGMENT_PATHS.map((p) => [p.path, p.to]));

const toCurrent: RequestHandler = (req, res, next) => {
  const to = TO.get(foldPath(req.path));
  if (to === undefined) return next();
  const query = rawQueryOf(req);
  res.setHeader("Cache-Control", "public, max-age=86400");
  res.setHeader("Location", to + (query ? `?${query}` : ""));
  res.status(301).end();
};

export const formerSlugs: Route = {
  paths: FORMER_SEGMENT_PATHS.map(({ lang, path }) => ({ lang, path })),
  get: () => toCurrent,
  anySpelling: true,
};
