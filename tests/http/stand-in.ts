/**
 * A third party stood in by a local HTTPS server (issue 32's reliability tests): a self-signed
 * certificate made for the run with `openssl` (127.0.0.1 and localhost), an agent that trusts it
 * (in-process workers) and its file (NODE_EXTRA_CA_CERTS for spawned ones). It records every
 * request with the keys it carries (Meta's event_ids, the webhook's Idempotency-Key), answers as
 * the test says (`respond`), and can go down and come back on the same port. Nothing leaves the machine.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, Agent, type Server } from "node:https";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface Received {
  path: string;
  headers: IncomingMessage["headers"];
  body: string;
  /** The event_ids (Meta) or the Idempotency-Key (webhook) of the request. */
  keys: string[];
  /** The status it was answered with (undefined: not answered). */
  status?: number;
}

/** What to answer: a status (and headers), or "hang" (never answer). */
export type Answer = { status: number; headers?: Record<string, string>; body?: string } | "hang";

export interface StandIn {
  url: string;
  agent: Agent;
  caFile: string;
  received: Received[];
  respond: (request: Received) => Answer | Promise<Answer>;
  /** How many 2xx answers carried each key. */
  accepted(): Map<string, number>;
  /**
   * Resolves once `condition` holds, checked now and after every answer (a signal, not a clock:
   * the test's own timeout bounds the wait).
   */
  until(condition: () => boolean): Promise<void>;
  down(): Promise<void>;
  up(): Promise<void>;
  close(): Promise<void>;
}

function certificate() {
  const dir = mkdtempSync(join(tmpdir(), "xia-stand-in-"));
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "ec",
      "-pkeyopt",
      "ec_paramgen_curve:prime256v1",
      "-nodes",
      "-days",
      "1",
      "-subj",
      "/CN=localhost",
      "-addext",
      "subjectAltName=IP:127.0.0.1,DNS:localhost",
      "-keyout",
      join(dir, "key.pem"),
      "-out",
      join(dir, "cert.pem"),
    ],
    { stdio: "ignore" },
  );
  return { dir, key: readFileSync(join(dir, "key.pem")), cert: readFileSync(join(dir, "cert.pem")) };
}

const keysOf = (headers: IncomingMessage["headers"], body: string): string[] => {
  const key = headers["idempotency-key"];
  if (typeof key === "string") return [key];
  try {
    return ((JSON.parse(body) as { data?: Array<{ event_id: string }> }).data ?? []).map((e) => e.event_id);
  } catch {
    return [];
  }
};

export async function startStandIn(): Promise<StandIn> {
  const { dir, key, cert } = certificate();
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;
  const waiters = new Set<() => void>();
  const check = () => {
    for (const waiter of waiters) waiter();
  };
  const standIn: StandIn = {
    url: "",
    agent: new Agent({ ca: cert, keepAlive: true }),
    caFile: join(dir, "cert.pem"),
    received: [],
    respond: () => ({ status: 200, body: '{"events_received":1}' }),
    accepted() {
      const counts = new Map<string, number>();
      for (const r of standIn.received)
        if (r.status && r.status < 300) for (const k of r.keys) counts.set(k, (counts.get(k) ?? 0) + 1);
      return counts;
    },
    until(condition) {
      return new Promise<void>((done) => {
        const waiter = () => {
          if (!condition()) return;
          waiters.delete(waiter);
          done();
        };
        waiters.add(waiter);
        waiter();
      });
    },
    async up() {
      if (server) return;
      server = createServer({ key, cert }, (req: IncomingMessage, res: ServerResponse) => {
        const chunks: Buffer[] = [];
        req.on("data", (c: Buffer) => chunks.push(c));
        req.on("end", async () => {
          const body = Buffer.concat(chunks).toString("utf8");
          const request: Received = {
            path: req.url ?? "",
            headers: req.headers,
            body,
            keys: keysOf(req.headers, body),
          };
          standIn.received.push(request);
          const answer = await standIn.respond(request);
          if (answer === "hang") return;
          request.status = answer.status;
          res.writeHead(answer.status, { "Content-Type": "application/json", ...answer.headers });
          res.end(answer.body ?? "{}", check);
        });
      });
      server.on("connection", (socket: Socket) => {
        sockets.add(socket);
        socket.on("close", () => sockets.delete(socket));
      });
      await new Promise<void>((done) => server!.listen(port, "127.0.0.1", done));
      port = (server.address() as AddressInfo).port;
      standIn.url = `https://127.0.0.1:${port}`;
    },
    async down() {
      const closing = new Promise((done) => server?.close(done));
      for (const socket of sockets) socket.destroy();
      await closing;
      server = undefined;
    },
    async close() {
      standIn.agent.destroy();
      if (server) await standIn.down();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  await standIn.up();
  return standIn;
}
