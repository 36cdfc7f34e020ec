/**
 * The mark on a request whose target is not a path (absolute-form `GET http://… HTTP/1.1`, `*`,
 * anything not starting with `/`). server.ts sets it before the app, with the request's url made
 * `/` and the target kept (for the log, sanitized) in originalUrl; the app's targetGuard
 * (middleware/urlGuard.ts) answers a marked request with the site's 400 page. Both name it from here.
 */
export const BAD_TARGET = Symbol("bad request target");
