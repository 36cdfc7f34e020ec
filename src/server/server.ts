/**
 * The HTTP server around the app: its limits, timeouts and graceful shutdown. index.ts uses it as
 * production does; the tests use it to check timeouts, header limits and shutdown.
 *
 * Before the app: work is bounded (workLimiter.ts, decision 041), `/healthz` never waits; a request
 * target that is not a path reaches the app marked (requestTarget.ts) and gets the site's 400; what
 * Node's parser refuses is answered raw with the site's security headers (clientErrors.ts).
 */
import { createServer, type Server } from "node:http";
import type { Express } from "express";
import { answerClientErrors } from "./clientErrors";
import { HEALTH_PATH } from "./health";
import type { Logger } from "./logger";
import { BAD_TARGET } from "./requestTarget";
import { createWorkLimiter } from "./workLimiter";

const isHealthCheck = (url: string) => url === HEALTH_PATH || url.startsWith(HEALTH_PATH + "?");

export interface ServerOptions {
  /** The PaaS router keeps idle connections up to 90 s: ours must outlive that. */
  keepAliveTimeout?: number;
  /** A client has this long to send its request headers (dribbling clients are cut off with 408). */
  headersTimeout?: number;
  /** And this long for the whole request. */
  requestTimeout?: number;
  /** How often Node checks the two limits above. */
  checkInterval?: number;
}

export interface SiteServer {
  server: Server;
  /** Stop accepting, finish in-flight requests, close idle connections; resolves when closed. */
  shutdown(reason: string): Promise<void>;
}

export function createSiteServer(app: Express, logger?: Logger, options: ServerOptions = {}): SiteServer {
  let closing = false;
  const limit = createWorkLimiter();
  const server = createServer(
    {
      maxHeaderSize: 16 * 1024,
      connectionsCheckingInterval: options.checkInterval ?? 1_000,
      requestTimeout: options.requestTimeout ?? 30_000,
    },
    (req, res) => {
      // While shutting down, every response tells the client not to reuse its connection.
      if (closing) res.setHeader("Connection", "close");
      if (!req.url?.startsWith("/")) {
        // Express would route `http://host/path` by its path, or answer "Cannot GET null" itself.
        // The target is logged (sanitized) from originalUrl, never sent back.
        Object.assign(req, { [BAD_TARGET]: true, originalUrl: req.url ?? "", url: "/" });
      }
      if (isHealthCheck(req.url!)) return void app(req, res);
      limit(req.socket, res, () => app(req, res));
    },
  );
  answerClientErrors(server, logger);
  server.keepAliveTimeout = options.keepAliveTimeout ?? 95_000;
  server.headersTimeout = options.headersTimeout ?? 20_000;

  function shutdown(reason: string): Promise<void> {
    if (closing) return Promise.resolve();
    closing = true;
    logger?.info("shutting down", { reason });
    return new Promise((resolve) => {
      server.close(() => resolve());
      // Idle keep-alive sockets close now; busy ones as soon as their response is done.
      server.closeIdleConnections();
      const sweep = setInterval(() => server.closeIdleConnections(), 100);
      sweep.unref();
    });
  }

  return { server, shutdown };
}
