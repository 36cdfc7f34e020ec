import express from "express";
import request from "supertest";
import { describe, expect, it } from "vitest";
import { createLogger, requestLogger } from "./logger";

function appWithLog(json: boolean) {
  const lines: string[] = [];
  const app = express();
  app.use(requestLogger(createLogger(json, (l) => lines.push(l))));
  app.get("/", (_req, res) => void res.send("ok"));
  app.all("/api/leads/{*rest}", (_req, res) => void res.status(204).end());
  return { app, lines };
}

describe("request log", () => {
  it("writes one JSON line per request in production: method, path without query, status, duration", async () => {
    const { app, lines } = appWithLog(true);
    await request(app).get("/?lang=en&leads=123&token=secret").set("Cookie", "session=abc");
    expect(lines).toHaveLength(1);
    const entry = JSON.parse(lines[0]);
    expect(entry).toMatchObject({ level: "info", msg: "request", method: "GET", path: "/", status: 200 });
    expect(typeof entry.ms).toBe("number");
    expect(lines[0]).not.toMatch(/secret|123|session|abc|lang=/);
  });

  it("cannot be forged with control characters or quotes in the path", async () => {
    const { app, lines } = appWithLog(false);
    await request(app).get('/x%0d%0aFAKE"line');
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toContain("\n");
    expect(lines[0]).toMatch(/^request method=GET path=\/x%0d%0aFAKE%22line status=404 ms=/);
  });

  it("keeps no lead code: the outcomes API's paths are logged with :code (decision 087)", async () => {
    const { app, lines } = appWithLog(true);
    await request(app).delete("/api/leads/K7M2Q9XH");
    await request(app).post("/API/Leads/%23k7m2q9xh/events");
    expect(lines.map((l) => JSON.parse(l).path)).toEqual(["/api/leads/:code", "/API/Leads/:code/events"]);
    expect(lines.join("\n")).not.toMatch(/k7m2q9xh/i);
  });

  it("logs errors with name and message only", () => {
    const lines: string[] = [];
    createLogger(true, (l) => lines.push(l)).error("request failed", new TypeError("boom"));
    expect(JSON.parse(lines[0])).toMatchObject({ level: "error", msg: "request failed", error: "TypeError: boom" });
  });
});
