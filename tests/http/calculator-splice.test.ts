/**
 * A calculator answer is the cached landing page with only the calculator rendered for the request
 * and put in place (decision 040). What a client gets must be what a full render of the page for
 * that answer gives: the same bytes in every encoding, the same CSP, the same headers.
 */
import { get, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadAssets } from "../../src/server/assets";
import { loadConfig } from "../../src/server/config";
import { dayOf } from "../../src/content/dates";
import { queryOf } from "../../src/server/request";
import { landingPage } from "../../src/pages/Landing";
import { single } from "../../src/shared/query";
import { cspHeaderFor, inlineHashes } from "../../src/server/security";
import { sanitizeQuery } from "../../src/shared/calculator";
import { LANGS, landingHref, LANGUAGE_INFO, type Lang } from "../../src/shared/languages";
import { makeApp, NEW_YEARS_EVE, renderedAnswer } from "./helpers";

const settings = loadConfig({}).page;
const assets = loadAssets();
const today = dayOf(NEW_YEARS_EVE, settings.timeZone).today;

/** The page as a full render for this query gives it, and its CSP: what the splice must equal. */
function fullRender(lang: Lang, rawQuery: string) {
  const params = queryOf({ url: `/?${rawQuery}` } as never);
  const query = sanitizeQuery({ leads: single(params, "leads"), interactions: single(params, "interactions") });
  const html = renderedAnswer(landingPage, { settings, assets, lang, today }, query);
  return { html, csp: cspHeaderFor(inlineHashes(html)) };
}

// Valid answers (each plan), invalid ones, empty fields, one field alone, a repeated field,
// markup and non-ASCII in a field. Every kind of answer, against React: src/server/answer/island-template.test.tsx.
const QUERIES = [
  "leads=100&interactions=3",
  "leads=70&interactions=1",
  "leads=2000&interactions=6",
  "leads=12001&interactions=1",
  "leads=abc&interactions=0",
  "leads=-5&interactions=1e3",
  "leads=&interactions=",
  "leads=40",
  "leads=1&leads=2&interactions=2",
  "leads=%3Cscript%3Ealert(1)%3C%2Fscript%3E&interactions=%C3%A7%F0%9F%98%80",
  "leads=%20%20300%20&interactions=%E0%A4%AA",
  // Kinds the lines above leave out: leads absent, leads empty, a value beside an invalid field,
  // the largest answer (Enterprise, every digit group).
  "interactions=7",
  "leads=&interactions=9",
  "leads=5000&interactions=abc",
  "leads=1000000&interactions=1000",
];

let server: Server;
let port: number;
beforeAll(async () => {
  server = makeApp().listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

function fetchRaw(path: string, encoding: string): Promise<{ res: IncomingMessage; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get({ host: "127.0.0.1", port, path, headers: { "Accept-Encoding": encoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ res, body: Buffer.concat(chunks) }));
    }).on("error", reject);
  });
}

const DECODE = {
  br: (b: Buffer) => brotliDecompressSync(b),
  gzip: (b: Buffer) => gunzipSync(b),
  identity: (b: Buffer) => b,
};

describe("calculator answers spliced into the cached page", () => {
  it.each(LANGS.flatMap((lang) => QUERIES.map((q) => [lang, q] as const)))(
    "%s ?%s: byte for byte the full render, with its CSP, in brotli, gzip and plain",
    async (lang, rawQuery) => {
      const expected = fullRender(lang, rawQuery);
      for (const encoding of ["br", "gzip", "identity"] as const) {
        const { res, body } = await fetchRaw(`${landingHref(lang)}?${rawQuery}`, encoding);
        expect(res.statusCode).toBe(200);
        expect(res.headers["content-encoding"]).toBe(encoding === "identity" ? undefined : encoding);
        expect(DECODE[encoding](body).toString()).toBe(expected.html);
        expect(res.headers["content-security-policy"]).toBe(expected.csp);
        expect(res.headers["cache-control"]).toBe("private, no-cache");
        expect(res.headers["content-language"]).toBe(LANGUAGE_INFO[lang].htmlLang);
        expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
        expect(res.headers.vary).toBe("Accept-Encoding");
        expect(res.headers.etag).toBeUndefined();
      }
    },
  );

  it("the answer's own values are hashed in the CSP (its island props differ from the cached page's)", async () => {
    const cached = await fetchRaw("/en", "identity");
    const answer = await fetchRaw("/en?leads=100&interactions=3", "identity");
    expect(answer.res.headers["content-security-policy"]).not.toBe(cached.res.headers["content-security-policy"]);
  });

  it("a client's If-None-Match: * does not turn an answer into a 304", async () => {
    const res = await new Promise<IncomingMessage>((resolve) =>
      get({ host: "127.0.0.1", port, path: "/?leads=100&interactions=3", headers: { "If-None-Match": "*" } }, (r) => {
        r.resume();
        resolve(r);
      }),
    );
    expect(res.statusCode).toBe(200);
  });
});
