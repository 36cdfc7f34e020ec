/**
 * The site over a real socket, where supertest cannot go (it decodes compressed bodies and only
 * sends well-formed requests). Two directions, for two kinds of test:
 * - getAsSent: a well-formed GET to the bare app (or to one kept listening by listenKeptAlive, for
 *   many requests over one connection); the response exactly as sent (body still compressed, size
 *   of the header block). For encodings, caching and byte budgets.
 * - listenLikeProduction + sendAsWritten: the production server (its limits and timeouts) and a
 *   request written byte for byte by the test, malformed, oversized or slow. For the server's limits.
 */
import { Agent, request as httpRequest, type IncomingHttpHeaders, type Server } from "node:http";
import { connect } from "node:net";
import type { AddressInfo } from "node:net";
import type { Express } from "express";
import type { Logger } from "../../src/server/logger";
import { createSiteServer, type ServerOptions } from "../../src/server/server";

/** The app behind the production server (limits, timeouts, bounded work) on a loopback port. */
export async function listenLikeProduction(app: Express, options: ServerOptions = {}, logger?: Logger) {
  const site = createSiteServer(app, logger, options);
  await new Promise<void>((r) => site.server.listen(0, "127.0.0.1", () => r()));
  const { port } = site.server.address() as AddressInfo;
  return {
    port,
    close: () => {
      site.server.closeAllConnections();
      return new Promise<void>((r) => site.server.close(() => r()));
    },
  };
}

export interface WrittenRequestReply {
  status: number;
  head: string;
  body: string;
  closed: boolean;
}

/** Writes `text` to a fresh connection exactly as given and reads what comes back until close or timeout. */
export function sendAsWritten(port: number, text: string | Buffer, timeoutMs = 3000): Promise<WrittenRequestReply> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    let closed = false;
    const done = () => {
      const all = Buffer.concat(chunks).toString("latin1");
      const split = all.indexOf("\r\n\r\n");
      const head = split === -1 ? all : all.slice(0, split);
      resolve({
        status: Number(head.match(/^HTTP\/1\.1 (\d{3})/)?.[1] ?? 0),
        head,
        body: split === -1 ? "" : all.slice(split + 4),
        closed,
      });
    };
    const timer = setTimeout(() => {
      socket.destroy();
      done();
    }, timeoutMs);
    socket.on("data", (c) => chunks.push(c));
    socket.on("error", () => {});
    socket.on("close", () => {
      closed = true;
      clearTimeout(timer);
      done();
    });
    socket.write(text);
    socket.end();
  });
}

/** The bare app on a port the OS chose, with a keep-alive agent: many requests, one listen. */
export interface Listening {
  port: number;
  agent: Agent;
  close: () => Promise<void>;
}

export async function listenKeptAlive(app: Express): Promise<Listening> {
  const server: Server = app.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  return {
    port: (server.address() as AddressInfo).port,
    agent,
    close: () =>
      new Promise<void>((resolve) => {
        agent.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * One GET over a real socket, the response as sent (supertest decodes compressed bodies): to the
 * bare app (listening for this request only) or to one already listening (its keep-alive connection).
 */
export async function getAsSent(
  target: Express | Listening,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer; headerBytes: number }> {
  const listening = "port" in target ? target : await listenKeptAlive(target);
  try {
    return await new Promise((resolve, reject) => {
      const { port, agent } = listening;
      const req = httpRequest({ host: "127.0.0.1", port, path, headers, agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          // Status line plus header lines as they came over the wire.
          const lines = [`HTTP/1.1 ${res.statusCode} ${res.statusMessage}`];
          for (let i = 0; i < res.rawHeaders.length; i += 2)
            lines.push(`${res.rawHeaders[i]}: ${res.rawHeaders[i + 1]}`);
          resolve({
            status: res.statusCode!,
            headers: res.headers,
            body: Buffer.concat(chunks),
            headerBytes: Buffer.byteLength(lines.join("\r\n") + "\r\n\r\n"),
          });
        });
      });
      req.on("error", reject);
      req.end();
    });
  } finally {
    if (listening !== target) await listening.close();
  }
}
