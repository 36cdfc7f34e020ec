/**
 * Failed passwords and tokens throttled per client (issue 35 item 5, decision 090): the report's
 * password, Google Ads' file password and the outcomes API's token each answer 429 with Retry-After
 * after 10 failures from one client, the right secret included, while another client still gets in.
 */
import request from "supertest";
import { describe, expect, it } from "vitest";
import { createApp } from "../../src/server/app";
import { loadConfig } from "../../src/server/config";
import { FAILURE_WINDOW_MS, MAX_FAILURES } from "../../src/server/middleware/failedAuth";
import { fakeLeadStore } from "./fake-lead-store";

const REPORT = "correct-horse-battery-staple";
const GOOGLE = "google-fetches-0123456789";
const TOKEN = "api-token-3f9a1c7e5b2d8046aa19c3e7";
const app = () =>
  createApp({
    config: loadConfig({
      TRUST_PROXY: "1",
      LEADS_REPORT_PASSWORD: REPORT,
      GOOGLE_ADS_CONVERSION_WON: "Venda",
      GOOGLE_ADS_FILE_PASSWORD: GOOGLE,
      LEADS_API_TOKEN: TOKEN,
    }),
    store: fakeLeadStore(),
  });
const basic = (password: string) => `Basic ${Buffer.from(`x:${password}`).toString("base64")}`;

describe.each([
  ["the report", "/leads", basic(REPORT), basic("wrong-password-0123")],
  ["Google Ads' file", "/api/conversions/google.csv", basic(GOOGLE), basic(REPORT)],
  ["the outcomes API", "/api/leads", `Bearer ${TOKEN}`, `Bearer ${TOKEN.toUpperCase()}`],
])("%s", (_name, path, right, wrong) => {
  it(`after ${MAX_FAILURES} failures from one client: 429 with Retry-After, the right secret too; another client gets in`, async () => {
    const server = app();
    const as = (ip: string, authorization: string) =>
      request(server).get(path).set({ "X-Forwarded-For": ip, Authorization: authorization });
    for (let i = 0; i < MAX_FAILURES; i++) expect((await as("203.0.113.7", wrong)).status).toBe(401);
    for (const authorization of [wrong, right]) {
      const res = await as("203.0.113.7", authorization);
      expect(res.status).toBe(429);
      expect(res.headers["cache-control"]).toBe("private, no-store");
      const seconds = Number(res.headers["retry-after"]);
      expect(seconds).toBeGreaterThan(FAILURE_WINDOW_MS / 1000 - 60);
      expect(seconds).toBeLessThanOrEqual(FAILURE_WINDOW_MS / 1000);
    }
    expect((await as("198.51.100.1", right)).status).not.toBe(429);
    expect((await as("198.51.100.1", right)).status).not.toBe(401);
  });

  it("a success forgets the client's failures", async () => {
    const server = app();
    const as = (authorization: string) =>
      request(server).get(path).set({ "X-Forwarded-For": "203.0.113.8", Authorization: authorization });
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < MAX_FAILURES - 1; i++) expect((await as(wrong)).status).toBe(401);
      expect((await as(right)).status).not.toBe(401);
    }
  });
});
