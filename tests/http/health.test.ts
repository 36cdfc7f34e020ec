import request from "supertest";
import { describe, expect, it } from "vitest";
import { createApp } from "../../src/server/app";
import { loadConfig } from "../../src/server/config";
import { createLogger } from "../../src/server/logger";
import { makeApp } from "./helpers";

/** Headers that describe the body or the connection rather than protect the client. */
const PER_RESPONSE = ["content-type", "content-length", "cache-control", "date", "connection", "keep-alive", "etag"];
const securityHeaders = (headers: Record<string, string>) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !PER_RESPONSE.includes(name)));

describe("GET /healthz", () => {
  const app = makeApp();

  it("answers 200 ok, never stored", async () => {
    const res = await request(app).get("/healthz");
    expect(res.status).toBe(200);
    expect(res.text).toBe("ok");
    expect(res.headers["content-type"]).toBe("text/plain; charset=utf-8");
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.headers["set-cookie"]).toBeUndefined();
  });

  it("carries every security header the other responses carry", async () => {
    const health = await request(app).get("/healthz");
    const robots = await request(app).get("/robots.txt");
    expect(securityHeaders(health.headers)).toEqual(securityHeaders(robots.headers));
    expect(health.headers["strict-transport-security"]).toBe("max-age=63072000; includeSubDomains");
    expect(health.headers["content-security-policy"]).toMatch(/^default-src 'none';/);
  });

  it("answers HEAD without a body; other methods get 405 with Allow", async () => {
    const head = await request(app).head("/healthz");
    expect(head.status).toBe(200);
    expect(head.headers["cache-control"]).toBe("no-store");
    expect(head.text ?? "").toBe("");
    for (const method of ["post", "put", "delete"] as const) {
      const res = await request(app)[method]("/healthz");
      expect(res.status, method).toBe(405);
      expect(res.headers.allow, method).toBe("GET, HEAD");
      expect(res.headers["x-frame-options"], method).toBe("DENY");
    }
  });

  it("is answered over plain HTTP in production (no HTTPS redirect) and writes no log line", async () => {
    const lines: string[] = [];
    const prod = createApp({
      config: loadConfig({ NODE_ENV: "production", SITE_URL: "https://www.xia.test" }),
      logger: createLogger(true, (line) => lines.push(line)),
    });
    const res = await request(prod).get("/healthz").set("X-Forwarded-Proto", "http");
    expect(res.status).toBe(200);
    expect(res.text).toBe("ok");
    expect(lines).toEqual([]);
    // The page next to it is still redirected and logged.
    const page = await request(prod).get("/").set("X-Forwarded-Proto", "http");
    expect(page.status).toBe(308);
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0])).toMatchObject({ msg: "request", path: "/", status: 308 });
  });
});
