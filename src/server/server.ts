/**
 * The HTTP server around the app, with its limits and its graceful shutdown. index.ts uses it as
 * production does; the tests use it to check timeouts, header limits and shutdown.
 *
 * Work is bounded before the app sees a request (decision 041): a connection's requests run one
 * after another (pipelined requests wait their turn instead of all rendering at once, and a
 * connection whose queue is long stops being read), and at most MAX_IN_FLIGHT requests run at
 * once in the process; `/healthz` never waits. A request target that is not a path (absolute-form
 * `http://…`, `*`, anything not starting with `/`) reaches the app marked, and gets the site's 400.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { Socket } from "node:net";
import type { Express } from "express";
import { HEALTH_PATH } from "./health";
import { BAD_TARGET } from "./middleware/urlGuard";
import { baseHeaders } from "./security";
import type { Logger } from "./logger";

/** Requests the process works on at once; the rest wait in arrival order (decision 041). */
export const MAX_IN_FLIGHT = 16;
/** A connection with more requests than this waiting is no longer read until they are answered. */
export const MAX_QUEUED_PER_CONNECTION = 8;
/** Requests started per turn of the event loop (decision 041). */
export const PER_TURN = 4;

type Job = () => void;

/**
 * One request at a time per connection, MAX_IN_FLIGHT at a time in all, and at most PER_TURN
 * started per turn of the event loop. Requests are started from setImmediate, never straight from
 * the previous response's end: a response written at once ends in process.nextTick, so starting the
 * next one there would run a whole pipelined queue without ever reading another connection (a
 * health check) in between; and a turn starts only a few, so a new connection waits for a few
 * requests' work at most, not for one of every busy connection.
 */
function workLimiter() {
  const perSocket = new WeakMap<Socket, { running: boolean; queue: Job[] }>();
  const ready: Job[] = [];
  let inFlight = 0;
  let scheduled = false;

  function pump() {
    scheduled = false;
    for (let started = 0; started < PER_TURN && ready.length > 0 && inFlight < MAX_IN_FLIGHT; started++) {
      inFlight++;
      ready.shift()!();
    }
    if (ready.length > 0 && inFlight < MAX_IN_FLIGHT) schedule();
  }
  function schedule() {
    if (scheduled) return;
    scheduled = true;
    setImmediate(pump);
  }

  return function run(req: IncomingMessage, res: ServerResponse, handle: Job) {
    const socket = req.socket;
    let state = perSocket.get(socket);
    if (!state) perSocket.set(socket, (state = { running: false, queue: [] }));
    const conn = state;
    const job: Job = () => {
      // Released once, by whichever comes first: the response finished or closed, or the client
      // gone (a queued response whose connection closed may never emit either).
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        socket.off("close", release);
        inFlight--;
        const next = conn.queue.shift();
        if (next) ready.push(next);
        else conn.running = false;
        if (conn.queue.length <= 1 && socket.isPaused()) socket.resume();
        schedule();
      };
      if (socket.destroyed) return release();
      res.once("finish", release);
      res.once("close", release);
      socket.once("close", release);
      handle();
    };
    if (conn.running) {
      conn.queue.push(job);
      if (conn.queue.length > MAX_QUEUED_PER_CONNECTION) socket.pause();
      return;
    }
    conn.running = true;
    ready.push(job);
    schedule();
  };
}

/**
 * The security headers every response carries (security.ts), as header lines, for the answers
 * Node's parser gives before any request exists (a target it cannot parse, headers too large).
 */
function securityHeaderLines(): string {
  const headers = new Map<string, string>();
  const res = {
    setHeader: (name: string, value: unknown) => headers.set(name, String(value)),
    removeHeader: (name: string) => headers.delete(name),
    getHeader: (name: string) => headers.get(name),
  };
  baseHeaders()({} as never, res as never, () => {});
  return [...headers].map(([name, value]) => `${name}: ${value}\r\n`).join("");
}

const PARSER_ERRORS: Record<string, [number, string]> = {
  HPE_HEADER_OVERFLOW: [431, "Request Header Fields Too Large"],
  HPE_CHUNK_EXTENSIONS_OVERFLOW: [413, "Payload Too Large"],
  ERR_HTTP_REQUEST_TIMEOUT: [408, "Request Timeout"],
};

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
  const limit = workLimiter();
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
      limit(req, res, () => app(req, res));
    },
  );
  // What Node's parser refuses (a target like `GET evil.example:443`, oversize headers, a client
  // too slow) is answered as Node would, plus the site's security headers and a log line.
  const security = securityHeaderLines();
  server.on("clientError", (error: Error & { code?: string }, socket: Socket) => {
    const [status, reason] = PARSER_ERRORS[error.code ?? ""] ?? [400, "Bad Request"];
    if (!socket.writable || (socket as { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent)
      return void socket.destroy();
    logger?.info("request refused", { status, reason: error.code ?? "unknown" });
    const body = `${reason}\n`;
    socket.end(
      `HTTP/1.1 ${status} ${reason}\r\n${security}Cache-Control: no-store\r\n` +
        `Content-Type: text/plain; charset=utf-8\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
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
