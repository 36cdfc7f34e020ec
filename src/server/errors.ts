/**
 * Every unhappy ending is a real page in the path's language (`/en/…`), from the page cache: 404
 * for unknown paths, 405 with `Allow` for a known route asked with another method, the 4xx an
 * error carries (bad encoding, oversize body…), and 500 for anything else. Never a stack trace,
 * never the request echoed.
 */
import type { ErrorRequestHandler, Request, RequestHandler, Response } from "express";
import { httpError } from "./request";
import { langOfPath } from "./languagePaths";
import type { Logger } from "./logger";
import type { PageSender } from "./pageSender";
import { MESSAGE_PAGES, type MessageKind } from "../pages";

const ALLOW = "GET, HEAD";

function sendMessage(pages: PageSender, req: Request, res: Response, status: number, kind: MessageKind) {
  pages.send(req, res, { page: MESSAGE_PAGES[kind], lang: langOfPath(req.path), source: null }, status);
}

/** For `.all()` after an endpoint's methods: the error handler answers 405 with `Allow: <allow>`. */
export function methodNotAllowed(allow: string): RequestHandler {
  return (_req, _res, next) => next(Object.assign(httpError(405, "Method Not Allowed"), { allow }));
}

export function notFound(pages: PageSender): RequestHandler {
  return (req, res) => sendMessage(pages, req, res, 404, "notFound");
}

export function errorPages(pages: PageSender, logger?: Logger): ErrorRequestHandler {
  return (err, req, res, _next) => {
    const raw = Number(
      (err as { status?: number; statusCode?: number }).status ?? (err as { statusCode?: number }).statusCode,
    );
    const status = raw >= 400 && raw < 500 ? raw : 500;
    if (status === 500) logger?.error("request failed", err);
    if (res.headersSent) {
      res.destroy();
      return;
    }
    if (status === 405) res.setHeader("Allow", (err as { allow?: string }).allow ?? ALLOW);
    const kind: MessageKind =
      status === 404 ? "notFound" : status === 405 ? "methodNotAllowed" : status < 500 ? "badRequest" : "generic";
    try {
      sendMessage(pages, req, res, status, kind);
    } catch (renderError) {
      // Even the error page failed (the clock, the renderer): a plain line, still no details.
      logger?.error("error page failed", renderError);
      res
        .status(status)
        .type("text/plain; charset=utf-8")
        .send(status === 500 ? "Internal Server Error" : "Bad Request");
    }
  };
}
