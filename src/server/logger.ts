/**
 * One line per request and per lifecycle event, on stdout. JSON in production (for the PaaS log
 * drain), short text in development, nothing in tests (no logger is passed to createApp there).
 * Logged: method, path without the query (a lead's code replaced), status, duration. Never cookies,
 * headers or query values.
 */
import type { RequestHandler } from "express";

export interface Logger {
  info(message: string, fields?: Record<string, unknown>): void;
  /** Something the operator should fix; the site keeps working. */
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, error?: unknown): void;
}

export function createLogger(
  json: boolean,
  write: (line: string) => void = (l) => process.stdout.write(l + "\n"),
): Logger {
  const emit = (level: string, message: string, fields: Record<string, unknown> = {}) =>
    write(
      json
        ? JSON.stringify({ time: new Date().toISOString(), level, msg: message, ...fields })
        : `${level === "info" ? "" : level.toUpperCase() + " "}${message}${
            Object.keys(fields).length
              ? " " +
                Object.entries(fields)
                  .map(([k, v]) => `${k}=${v}`)
                  .join(" ")
              : ""
          }`,
    );
  return {
    info: (message, fields) => emit("info", message, fields),
    warn: (message, fields) => emit("warn", message, fields),
    error: (message, error) =>
      emit("error", message, { error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) }),
  };
}

/** Only the path, cut to 200 characters and stripped of control characters: logs cannot be forged. */
// eslint-disable-next-line no-control-regex -- stripping control characters is the point
const UNSAFE = /[\u0000-\u001f\u007f"\\]/g;
/**
 * A lead's code is personal data (it ties a conversation to a visit) and must go with the lead when
 * it is erased (decision 087): the API's paths are logged with `:code` in its place, in any spelling.
 */
const LEAD_PATH = /^(\/api\/leads\/)[^/]+/i;
const safePath = (url: string) => url.split("?")[0].replace(LEAD_PATH, "$1:code").slice(0, 200).replace(UNSAFE, "?");

export function requestLogger(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const start = performance.now();
    res.once("finish", () => {
      logger.info("request", {
        method: req.method.slice(0, 16),
        path: safePath(req.originalUrl),
        status: res.statusCode,
        ms: Math.round((performance.now() - start) * 10) / 10,
      });
    });
    next();
  };
}
