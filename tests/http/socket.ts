import { connect } from "node:net";
import type { AddressInfo } from "node:net";
import type { Express } from "express";
import type { Logger } from "../../src/server/logger";
import { createSiteServer, type ServerOptions } from "../../src/server/server";

/** The app behind the production server (limits, timeouts, bounded work) on a loopback port. */
export async function listen(app: Express, options: ServerOptions = {}, logger?: Logger) {
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

export interface RawResponse {
  status: number;
  head: string;
  body: string;
  closed: boolean;
}

/** Writes `text` to a fresh connection exactly as given and reads what comes back until close or timeout. */
export function rawRequest(port: number, text: string | Buffer, timeoutMs = 3000): Promise<RawResponse> {
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
