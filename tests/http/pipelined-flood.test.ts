/**
 * Bounded work (decision 041): eight connections that each pipeline 200 calculator requests in one
 * write do not stall the process. A health check asked as soon as the flood's first answer is being
 * worked on is answered while most of the flood still waits (without the limits, Node hands the app
 * every pipelined request at once and the check comes after all of them); how fast is the bench's
 * business (`npm run load`, scripts/flood.ts).
 */
import type { Express } from "express";
import { get } from "node:http";
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LANDING_PAGES } from "../fixtures";
import { makeApp } from "./helpers";
import { listenLikeProduction } from "./wire";

const CONNECTIONS = 8;
const PIPELINED = 200;

const app = makeApp();
/** Calculator requests the app had been handed, counted at the moment it is handed /healthz. */
let started = 0;
let startedAtHealth = -1;
let firstStarted: () => void;
const floodUnderWay = new Promise<void>((r) => (firstStarted = r));
const counting = ((req: { url: string }, res: unknown) => {
  if (req.url.startsWith("/healthz")) startedAtHealth = started;
  else if (++started === 1) firstStarted();
  return (app as unknown as (req: unknown, res: unknown) => void)(req, res);
}) as unknown as Express;

let server: Awaited<ReturnType<typeof listenLikeProduction>>;
let port: number;
beforeAll(async () => {
  server = await listenLikeProduction(counting);
  port = server.port;
});
afterAll(() => server.close());

/** One connection, `count` distinct calculator answers in one write; the status lines, in order. */
function flood(connection: number): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    let text = "";
    for (let i = 0; i < PIPELINED; i++) {
      const path = LANDING_PAGES[i % LANDING_PAGES.length];
      const last = i === PIPELINED - 1 ? "Connection: close\r\n" : "";
      text += `GET ${path}?leads=${connection * 1000 + i + 1}&interactions=3 HTTP/1.1\r\nHost: x\r\n${last}\r\n`;
    }
    const chunks: Buffer[] = [];
    socket.on("data", (c: Buffer) => chunks.push(c));
    socket.on("error", reject);
    socket.on("close", () =>
      resolve(
        Buffer.concat(chunks)
          .toString("latin1")
          .match(/HTTP\/1\.1 \d{3}/g) ?? [],
      ),
    );
    socket.write(text);
  });
}

const health = () =>
  new Promise<{ status: number; body: string }>((resolve, reject) =>
    get({ host: "127.0.0.1", port, path: "/healthz", agent: false }, (res) => {
      let body = "";
      res.on("data", (c) => (body += c));
      res.on("end", () => resolve({ status: res.statusCode!, body }));
    }).on("error", reject),
  );

describe("a pipelined flood of calculator answers", () => {
  it("every request is answered, in order, and /healthz is answered while most of the flood waits", async () => {
    const floods = Promise.all(Array.from({ length: CONNECTIONS }, (_, c) => flood(c)));
    await floodUnderWay;
    expect(await health()).toEqual({ status: 200, body: "ok" });
    expect(startedAtHealth).toBeGreaterThanOrEqual(1);
    expect(startedAtHealth).toBeLessThan((CONNECTIONS * PIPELINED) / 2);
    const statuses = await floods;
    for (const s of statuses) expect(s).toEqual(Array(PIPELINED).fill("HTTP/1.1 200"));
  }, 120_000);
});
