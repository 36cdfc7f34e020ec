import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import type { Express } from "express";

/** One request over a real socket, bytes as sent (supertest decodes compressed bodies). */
export async function rawGet(
  app: Express,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer; headerBytes: number }> {
  const server = app.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  const { port } = server.address() as AddressInfo;
  try {
    return await new Promise((resolve, reject) => {
      const req = httpRequest({ host: "127.0.0.1", port, path, headers }, (res) => {
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
    server.closeAllConnections();
    server.close();
  }
}
