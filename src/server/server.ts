/**
 * The HTTP server around the app, with its limits and its graceful shutdown. index.ts uses it as
 * production does; the tests use it to check timeouts, header limits and shutdown.
 */
import { createServer, type Server } from "node:http";
import type { Express } from "express";
import type { Logger } from "./logger";

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
  const server = createServer(
    {
      maxHeaderSize: 16 * 1024,
      connectionsCheckingInterval: options.checkInterval ?? 1_000,
      requestTimeout: options.requestTimeout ?? 30_000,
    },
    (req, res) => {
      // While shutting down, every response tells the client not to reuse its connection.
      if (closing) res.setHeader("Connection", "close");
      app(req, res);
    },
  );
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
