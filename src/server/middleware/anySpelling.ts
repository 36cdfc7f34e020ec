/**
 * GET and HEAD of a route that answers every spelling of its paths itself (any letter case, one
 * trailing slash: `/Segmentos/`), before the routes, which match their exact spelling only
 * (decision 042). Other methods go on to the route's 405 (its exact path) or the 404.
 */
import type { RequestHandler } from "express";
import { foldPath } from "../languagePaths";
import type { Route } from "../routes/route";

export function anySpelling(routes: readonly Route[]): RequestHandler {
  const handlers = new Map(routes.flatMap((r) => r.paths.map(({ lang, path }) => [path, r.get(lang)] as const)));
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const handler = handlers.get(foldPath(req.path));
    return handler ? handler(req, res, next) : next();
  };
}
