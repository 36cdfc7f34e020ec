/**
 * `GET`/`HEAD /healthz`, for the platform's health checks and load balancers: 200 `ok`, never
 * stored (`no-store`), with every security header. app.ts mounts it before the request log and the
 * HTTPS redirect, so a probe every few seconds writes no log line and is answered over plain HTTP.
 * Other methods get the 405 page with `Allow`, from the app's error handler like every route.
 */
import { Router } from "express";
import { baseHeaders } from "./security";

export const HEALTH_PATH = "/healthz";

export function healthCheck(): Router {
  const router = Router();
  router
    .route(HEALTH_PATH)
    .all(baseHeaders())
    .get((_req, res) => {
      // res.end, not res.send: send() answers 304 to `If-None-Match: *`, and a health check must
      // see the 200 it asks for whatever a client or proxy adds.
      res.setHeader("Cache-Control", "no-store");
      res.setHeader("Content-Type", "text/plain; charset=utf-8");
      res.setHeader("Content-Length", "2");
      res.end("ok");
    })
    .all((_req, _res, next) => next(Object.assign(new Error("Method Not Allowed"), { status: 405 })));
  return router;
}
