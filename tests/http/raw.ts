import { Agent, request as httpRequest, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Express } from "express";

/** An app listening on a port the OS chose, with a keep-alive agent: many requests, one listen. */
export interface Listening {
  port: number;
  agent: Agent;
  close: () => Promise<void>;
}

export async function listen(app: Express): Promise<Listening> {
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
 * One request over a real socket, bytes as sent (supertest decodes compressed bodies): to an app
 * (listening for this request only) or to one already listening (its keep-alive connection).
 */
export async function rawGet(
  target: Express | Listening,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer; headerBytes: number }> {
  const listening = "port" in target ? target : await listen(target);
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
