import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copy } from "../copy";
import { LANDING_PAGES, LEGAL_PAGES } from "../fixtures";
import { parsePage } from "./dom";
import { makeApp } from "./helpers";
import { getAsSent, listenKeptAlive, type Listening } from "./wire";

const app = makeApp();
// One listening server for the 150 raw requests below, over one keep-alive connection.
let server: Listening;
beforeAll(async () => {
  server = await listenKeptAlive(app);
});
afterAll(() => server.close());
const AD = "utm_source=facebook&utm_medium=paid_social&utm_campaign=ver%C3%A3o+2026&fbclid=IwAR0AbC_123";
const OTHERS = [
  AD,
  "gclid=Cj0KCQ&gbraid=0AAA&wbraid=CjkK&gad_source=1&gad_campaignid=123",
  "ttclid=E.C.P&msclkid=abc",
  "ref=newsletter&language=es&x[]=1&__proto__[a]=b",
  "utm_source=" + "x".repeat(3000),
];

describe("tracking parameters never bypass the page cache", () => {
  for (const path of [...LANDING_PAGES, ...LEGAL_PAGES])
    it.each(OTHERS.map((q) => [q.slice(0, 60), q]))(
      `${path}?%s…: same bytes, ETag and public caching as ${path}`,
      async (_label, query) => {
        for (const encoding of ["br", "gzip", "identity"]) {
          const clean = await getAsSent(server, path, { "Accept-Encoding": encoding });
          const ad = await getAsSent(server, `${path}?${query}`, { "Accept-Encoding": encoding });
          expect(ad.status).toBe(200);
          expect(Buffer.compare(ad.body, clean.body), encoding).toBe(0);
          for (const header of ["etag", "cache-control", "content-security-policy", "vary", "content-language"])
            expect(ad.headers[header], header).toBe(clean.headers[header]);
          expect(ad.headers["cache-control"]).toMatch(/^public, max-age=\d+, s-maxage=\d+/);
        }
      },
    );

  it("an ad-click URL answers 304 to the clean URL's ETag", async () => {
    const etag = (await request(app).get("/es").set("Accept-Encoding", "br")).headers.etag;
    const res = await request(app).get(`/es?${AD}`).set("Accept-Encoding", "br").set("If-None-Match", etag);
    expect(res.status).toBe(304);
    expect(res.headers.etag).toBe(etag);
  });

  it("the server never writes the tracking values into the page", async () => {
    const html = (await request(app).get(`/en?${AD}`)).text;
    expect(html).not.toMatch(/facebook|IwAR0AbC_123|paid_social|utm_/);
  });

  it("the calculator's parameters still render fresh, with the tracking parameters beside them", async () => {
    const res = await request(app).get(`/en?leads=2000&interactions=6&${AD}`).expect(200);
    expect(res.headers["cache-control"]).toBe("private, no-cache");
    expect(res.headers.etag).toBeUndefined();
    const page = parsePage(res.text);
    expect((page.getByRole("textbox", { name: copy("en", "calculator.leads") }) as HTMLInputElement).value).toBe(
      "2000",
    );
    expect(res.text).not.toMatch(/facebook|IwAR0AbC_123/);
    const only = await request(app).get("/es?interactions=9").expect(200);
    expect(only.headers["cache-control"]).toBe("private, no-cache");
  });
});
