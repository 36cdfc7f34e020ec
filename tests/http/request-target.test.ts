/**
 * Every response is the site's: a request target that is not a path never reaches Express's
 * default "Cannot GET null", and a health check is never a 304. Over a real socket (server.ts),
 * as a client can send it; supertest cannot send an absolute-form target.
 */
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
