/**
 * What Node's parser refuses before any request exists (a target like `GET evil.example:443`,
 * oversize headers, a client too slow) is answered as Node would, plus the site's security headers
 * (security.ts's SECURITY_HEADERS, the same lines every page carries) and a log line.
 */
import type { Server, ServerResponse } from "node:http";
import type { Socket } from "node:net";
import type { Logger } from "./logger";
import { securityHeaderLines } from "./security";

const PARSER_ERRORS: Record<string, [number, string]> = {
  HPE_HEADER_OVERFLOW: [431, "Request Header Fields Too Large"],
  HPE_CHUNK_EXTENSIONS_OVERFLOW: [413, "Payload Too Large"],
  ERR_HTTP_REQUEST_TIMEOUT: [408, "Request Timeout"],
};

/** Answers `server`'s client errors with a raw response, or cuts the connection when one is under way. */
export function answerClientErrors(server: Server, logger?: Logger): void {
  // The responses of each connection not yet finished: one whose head has gone out cannot be
  // followed by another answer on the same connection (what Node checks on its own, private, field).
  const open = new WeakMap<Socket, Set<ServerResponse>>();
  server.on("request", (req, res: ServerResponse) => {
    let responses = open.get(req.socket);
    if (!responses) open.set(req.socket, (responses = new Set()));
    responses.add(res);
    const done = () => responses.delete(res);
    res.once("finish", done);
    res.once("close", done);
  });

  const security = securityHeaderLines();
  server.on("clientError", (error: Error & { code?: string }, socket: Socket) => {
    const [status, reason] = PARSER_ERRORS[error.code ?? ""] ?? [400, "Bad Request"];
    const midResponse = [...(open.get(socket) ?? [])].some((res) => res.headersSent);
    if (!socket.writable || midResponse) return void socket.destroy();
    logger?.info("request refused", { status, reason: error.code ?? "unknown" });
    const body = `${reason}\n`;
    socket.end(
      `HTTP/1.1 ${status} ${reason}\r\n${security}Cache-Control: no-store\r\n` +
        `Content-Type: text/plain; charset=utf-8\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
}
