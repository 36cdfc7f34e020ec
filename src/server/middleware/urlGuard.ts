/**
 * Refuses what no page can be, before static files or the routes do any work: absurdly long paths
 * (414) and paths that are not valid percent-encoding or that hide a NUL byte (400).
 */
import type { RequestHandler } from "express";
import { httpError } from "../request";
import { BAD_TARGET } from "../requestTarget";

/** The longest path we route. */
export const MAX_PATH = 2048;

export function urlGuard(): RequestHandler {
  return (req, _res, next) => {
    const path = req.path;
    if (path.length > MAX_PATH) return next(httpError(414, "URI too long"));
    try {
      if (decodeURIComponent(path).includes("\u0000")) throw new URIError("NUL");
    } catch {
      return next(httpError(400, "Malformed URL"));
    }
    next();
  };
}

/**
 * A request target that is not a path (absolute-form `GET http://… HTTP/1.1`, `*`…), which the
 * server marked before the app (server.ts): the site's 400 page, with its headers and a log line.
 */
export function targetGuard(): RequestHandler {
  return (req, _res, next) => next(BAD_TARGET in req ? httpError(400, "Bad request target") : undefined);
}
