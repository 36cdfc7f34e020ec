/**
 * GET and HEAD of a route that answers every spelling of its paths itself (any letter case, one
 * trailing slash: `/Segmentos/`), before the routes, which match their exact spelling only
 * (decision 042). Other methods go on to the route's 405 (its exact path) or the 404.
 */
import type { RequestHandler } from "express";
import { foldPath } from "../languagePaths";
import type { Endpoint } from "../routes/endpoint";

/** `endpoints`: rows of the endpoint table marked anySpelling, each with one GET handler (a redirect). */
export function anySpelling(endpoints: readonly Endpoint[]): RequestHandler {
  const handlers = new Map(endpoints.flatMap((e) => (e.methods?.get ? [[e.path, e.methods.get[0]] as const] : [])));
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const handler = handlers.get(foldPath(req.path));
    return handler ? handler(req, res, next) : next();
  };
}
