/**
 * Bounded work (decision 041): eight connections that each pipeline calculator requests in one
 * write do not stall the process. A health check asked during the flood is answered before the
 * flood is; how fast is the bench's business (`npm run load`, scripts/flood.ts).
 */
import { get } from "node:http";
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeApp } from "./helpers";
import { listen } from "./socket";

const CONNECTIONS = 8;
const PIPELINED = 100;

let server: Awaited<ReturnType<typeof listen>>;
let port: number;
beforeAll(async () => {
  server = await listen(makeApp());
  port = server.port;
});
afterAll(() => server.close());

/** One connection, `count` distinct calculator answers in one write; the status lines, in order. */
function flood(connection: number): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    let text = "";
    for (let i = 0; i < PIPELINED; i++) {
      const path = ["/", "/en", "/es"][i % 3];
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
  it("every request is answered, in order, and /healthz is answered before the flood is", async () => {
    const order: string[] = [];
    const floods = Promise.all(Array.from({ length: CONNECTIONS }, (_, c) => flood(c))).then((statuses) => {
      order.push("flood");
      return statuses;
    });
    // Once the flood is under way (the first answers are out), ask for the health check.
    await new Promise((r) => setTimeout(r, 50));
    const check = await health();
    order.push("healthz");
    expect(check).toEqual({ status: 200, body: "ok" });
    const statuses = await floods;
    for (const s of statuses) expect(s).toEqual(Array(PIPELINED).fill("HTTP/1.1 200"));
    expect(order).toEqual(["healthz", "flood"]);
  }, 60_000);
});
