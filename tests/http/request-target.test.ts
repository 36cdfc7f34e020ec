/**
 * Every response is the site's: a request target that is not a path never reaches Express's
 * default "Cannot GET null", and a health check is never a 304. Over a real socket (server.ts),
 * as a client can send it; supertest cannot send an absolute-form target.
 */
import type { ServerResponse } from "node:http";
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../src/server/app";
import { loadConfig } from "../../src/server/config";
import { createLogger } from "../../src/server/logger";
import { copy } from "../copy";
import { parsePage } from "./dom";
import { listenLikeProduction, sendAsWritten } from "./wire";

const lines: string[] = [];
const logger = createLogger(true, (line) => lines.push(line));
let server: Awaited<ReturnType<typeof listenLikeProduction>>;
let port: number;
beforeAll(async () => {
  server = await listenLikeProduction(createApp({ config: loadConfig({}), logger }), {}, logger);
  port = server.port;
});
afterAll(() => server.close());

const get = (target: string, extra = "") =>
  sendAsWritten(port, `GET ${target} HTTP/1.1\r\nHost: localhost\r\n${extra}Connection: close\r\n\r\n`);
const header = (head: string, name: string) => new RegExp(`^${name}: ([^\r\n]*)`, "im").exec(head)?.[1];
const utf8 = (latin1: string) => Buffer.from(latin1, "latin1").toString("utf8");
const logged = () => lines.map((l) => JSON.parse(l) as Record<string, unknown>);

function expectSecurityHeaders(head: string) {
  expect(header(head, "x-frame-options")).toBe("DENY");
  expect(header(head, "strict-transport-security")).toBe("max-age=63072000; includeSubDomains");
  expect(header(head, "content-security-policy")).toMatch(/^default-src 'none';/);
  expect(header(head, "x-content-type-options")).toBe("nosniff");
}

describe("request targets that are not a path", () => {
  it.each(["http://", "http://evil.example/privacy", "https://localhost/", "*"])(
    "GET %s → the site's 400 page with its headers, a log line, nothing echoed",
    async (target) => {
      lines.length = 0;
      const res = await get(target);
      expect(res.status).toBe(400);
      expectSecurityHeaders(res.head);
      expect(header(res.head, "content-type")).toBe("text/html; charset=utf-8");
      expect(
        parsePage(utf8(res.body)).getByRole("heading", { level: 1, name: copy("pt", "error.badRequest.title") }),
      ).toBeTruthy();
      expect(res.body).not.toContain("Cannot GET");
      if (target.length > 1) expect(res.body).not.toContain(target);
      expect(logged()).toEqual([expect.objectContaining({ msg: "request", method: "GET", status: 400 })]);
    },
  );

  it.each(["evil.example:443", "privacy", "/a b"])(
    "GET %s, which Node's parser refuses → 400 with the security headers, a log line, nothing echoed",
    async (target) => {
      lines.length = 0;
      const res = await get(target);
      expect(res.status).toBe(400);
      expectSecurityHeaders(res.head);
      expect(res.body).toBe("Bad Request\n");
      expect(logged()).toEqual([expect.objectContaining({ msg: "request refused", status: 400 })]);
    },
  );

  it("the parser's raw 400 carries the same security header lines as a page's 400 (the page's CSP adds its hashes)", async () => {
    const SECURITY =
      /^(strict-transport-security|permissions-policy|referrer-policy|origin-agent-cluster|x-[\w-]+|cross-origin-[\w-]+):/i;
    const lines = (head: string) => head.split("\r\n").filter((line) => SECURITY.test(line));
    const page = lines((await get("*")).head);
    expect(page.length).toBeGreaterThanOrEqual(12);
    expect(lines((await get("evil.example:443")).head)).toEqual(page);
  });

  it("a path is still served", async () => {
    expect((await get("/privacy")).status).toBe(200);
  });
});

describe("/healthz", () => {
  it.each(["*", '"anything"', 'W/"x"'])("If-None-Match: %s does not turn the health check into a 304", async (tag) => {
    const res = await get("/healthz", `If-None-Match: ${tag}\r\n`);
    expect(res.status).toBe(200);
    expect(res.body).toBe("ok");
  });
});

describe("a request Node's parser refuses while the connection's previous answer is under way", () => {
  it("cuts the connection instead of writing a 400 into the middle of that answer", async () => {
    // An app whose answer starts and never ends: its head and a first part are on the wire.
    const streaming = ((_req: unknown, res: ServerResponse) => {
      res.writeHead(200, { "Content-Type": "text/plain" });
      res.write("first part\n");
    }) as unknown as Parameters<typeof listenLikeProduction>[0];
    const local = await listenLikeProduction(streaming, {}, logger);
    try {
      const socket = connect(local.port, "127.0.0.1");
      let received = "";
      socket.on("error", () => {});
      const closed = new Promise((r) => socket.on("close", r));
      socket.on("data", (c: Buffer) => {
        received += c.toString("latin1");
        if (received.includes("first part")) socket.write("GET evil.example:443 HTTP/1.1\r\nHost: x\r\n\r\n");
      });
      socket.write("GET /slow HTTP/1.1\r\nHost: x\r\n\r\n");
      await closed;
      expect(received).toMatch(/^HTTP\/1\.1 200 /);
      expect(received).toContain("first part");
      expect(received).not.toContain("400 Bad Request");
    } finally {
      await local.close();
    }
  });
});
