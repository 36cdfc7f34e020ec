/** Hostile input over a real socket, and the production timeouts: a 4xx, never a crash, a 5xx or an echo. */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeApp } from "./helpers";
import { listenLikeProduction, sendAsWritten } from "./wire";

const app = makeApp();

describe("hostile input over a real socket", () => {
  let server: Awaited<ReturnType<typeof listenLikeProduction>>;
  beforeAll(async () => {
    server = await listenLikeProduction(app);
  });
  afterAll(async () => {
    await server.close();
  });
  const send = (text: string | Buffer) => sendAsWritten(server.port, text);
  const get = (target: string, extra = "") =>
    send(`GET ${target} HTTP/1.1\r\nHost: localhost\r\n${extra}Connection: close\r\n\r\n`);

  const cases: Array<[string, () => Promise<{ status: number; body: string }>, number[], string?]> = [
    ["bad percent-encoding", () => get("/%E0%A4%A"), [400]],
    ["lone percent", () => get("/%"), [400]],
    ["overlong UTF-8 (%C0%AE)", () => get("/%C0%AE%C0%AE/etc/passwd"), [400]],
    ["encoded traversal on assets", () => get("/assets/..%2f..%2fpackage.json"), [404]],
    ["double-encoded traversal", () => get("/assets/%252e%252e%252fpackage.json"), [404]],
    ["plain traversal", () => get("/assets/../../package.json"), [404]],
    ["NUL byte", () => get("/%00"), [400]],
    ["NUL in a query", () => get("/?lang=en%00"), [301]],
    ["very long path", () => get("/" + "a".repeat(5000)), [414]],
    ["very long query (past the header limit)", () => get("/?q=" + "x".repeat(20_000)), [431]],
    ["long query under the limit", () => get("/?utm=" + "x".repeat(8000)), [200]],
    ["array-shaped lang", () => get("/?lang[]=en"), [200], '<html lang="pt-BR">'],
    ["repeated lang", () => get("/?lang=en&lang=es"), [301]],
    ["__proto__ keys", () => get("/?__proto__[lang]=en&constructor[prototype][x]=1"), [200], '<html lang="pt-BR">'],
    ["huge cookie under the limit", () => get("/", `Cookie: ${"a=b; ".repeat(2500)}\r\n`), [200]],
    ["huge cookie over the limit", () => get("/", `Cookie: ${"a".repeat(20_000)}\r\n`), [431]],
    ["malformed cookie", () => get("/", "Cookie: ;;==;\u0001\r\n"), [200, 400]],
    ["malformed Accept-Encoding", () => get("/", "Accept-Encoding: ;q=;;,,br;q=x\r\n"), [200]],
    ["absurd Accept-Language", () => get("/", `Accept-Language: ${"zz-ZZ;q=0.1,".repeat(500)}\r\n`), [200]],
    ["oversize headers", () => get("/", `X-Big: ${"y".repeat(17_000)}\r\n`), [431]],
    ["many headers", () => get("/", Array.from({ length: 500 }, (_, i) => `X-H${i}: v\r\n`).join("")), [200, 431]],
    ["unknown method", () => send("FOO / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"), [400, 405]],
    ["PROPFIND", () => send("PROPFIND / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"), [405]],
    ["TRACE", () => send("TRACE / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"), [405]],
    [
      "Transfer-Encoding with Content-Length",
      () =>
        send(
          "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n0\r\n\r\n",
        ),
      [400],
    ],
    [
      "body sent with GET",
      () => send("GET / HTTP/1.1\r\nHost: x\r\nContent-Length: 11\r\nConnection: close\r\n\r\nhello=world"),
      [200],
    ],
    [
      "large body POSTed",
      () =>
        send(`POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 200000\r\nConnection: close\r\n\r\n${"z".repeat(200_000)}`),
      [405, 413],
    ],
    ["missing Host", () => send("GET / HTTP/1.1\r\nConnection: close\r\n\r\n"), [400]],
    ["HTTP/1.0", () => send("GET / HTTP/1.0\r\n\r\n"), [200]],
    ["garbage request line", () => send("\u0000\u0001\u0002 garbage\r\n\r\n"), [400]],
    ["script in path", () => get("/%3Cscript%3Ealert(1)%3C/script%3E"), [404]],
    ["script in query", () => get("/nope?x=%3Cscript%3Ealert(1)%3C/script%3E&lang=%22%3E%3Cimg"), [404]],
  ];

  it.each(cases)("%s → deliberate 4xx/2xx, never a 5xx, never an echo", async (_name, run, statuses, contains) => {
    const res = await run();
    expect(statuses).toContain(res.status);
    expect(res.body).not.toMatch(/<script>alert|<img|Error: |\bat [\w.]+ \(/);
    if (contains) expect(res.body).toContain(contains);
  });

  it("keeps serving after all of them", async () => {
    for (const [, run] of cases) await run();
    expect((await get("/")).status).toBe(200);
  });

  it("property: any path of printable or percent-encoded junk gets a 2xx/3xx/4xx and no echo", async () => {
    const junk = fc
      .array(
        fc.oneof(
          fc.constantFrom(
            "%",
            "%2",
            "%2f",
            "%00",
            "%C0%AE",
            "%FF",
            "..",
            "/",
            "?",
            "&",
            "=",
            "#",
            "<",
            ">",
            '"',
            "'",
            "\\",
            "lang",
            "[]",
            "__proto__",
            "%E0%A4%A",
          ),
          fc.stringMatching(/^[\x21-\x7e]{0,8}$/),
        ),
        { maxLength: 30 },
      )
      .map((parts) => "/" + parts.join("").replace(/[#\s]/g, ""));
    await fc.assert(
      fc.asyncProperty(junk, async (target) => {
        const res = await get(target);
        expect(res.status).toBeGreaterThanOrEqual(200);
        expect(res.status).toBeLessThan(500);
        if (target.length > 8 && /[<>"]/.test(target)) expect(res.body).not.toContain(target);
      }),
      { numRuns: 150 },
    );
  });

  it("property: any header value for Cookie, Accept-Encoding and Accept-Language is harmless", async () => {
    const value = fc.stringMatching(/^[\x20-\x7e]{0,300}$/);
    await fc.assert(
      fc.asyncProperty(value, value, value, async (cookie, encoding, language) => {
        const res = await get(
          "/en",
          `Cookie: ${cookie}\r\nAccept-Encoding: ${encoding}\r\nAccept-Language: ${language}\r\n`,
        );
        expect([200, 400]).toContain(res.status);
      }),
      { numRuns: 100 },
    );
  });

  it("property: any query string gets a page, never a 5xx", async () => {
    const key = fc.constantFrom("lang", "leads", "interactions", "lang[]", "__proto__", "constructor", "x");
    const val = fc.stringMatching(/^[\x21-\x7e]{0,20}$/).map((v) => encodeURIComponent(v));
    const query = fc
      .array(fc.tuple(key, val), { maxLength: 6 })
      .map((pairs) => pairs.map(([k, v]) => `${k}=${v}`).join("&"));
    await fc.assert(
      fc.asyncProperty(query, async (q) => {
        // gzip: only the status is asserted, and the identity page is several times the bytes to
        // send and read for each of the 100 runs (issue 39; same answers, same calculator renders).
        const res = await get(`/?${q}`, "Accept-Encoding: gzip\r\n");
        // A `lang` pair is an old link: 301 to a language path (tests/http/language-paths.test.ts).
        expect(res.status).toBe(/(^|&)lang=/.test(q) ? 301 : 200);
      }),
      { numRuns: 100 },
    );
  });
});

describe("timeouts", () => {
  it("cuts off a client that dribbles its headers (408, connection closed)", async () => {
    const server = await listenLikeProduction(app, { headersTimeout: 600, requestTimeout: 1000, checkInterval: 100 });
    const { connect } = await import("node:net");
    const socket = connect(server.port, "127.0.0.1");
    const start = Date.now();
    let received = "";
    // The server closes while the client may still have header bytes in flight; the kernel then answers
    // them with a reset. That reset is the cut-off this test is about, so it is recorded, not thrown.
    const errors: string[] = [];
    socket.on("error", (e: NodeJS.ErrnoException) => errors.push(e.code ?? e.message));
    socket.write("GET / HTTP/1.1\r\nHost: x\r\n");
    const dribble = setInterval(() => socket.writable && socket.write("X-Slow: 1\r\n"), 150);
    socket.on("data", (c) => {
      received += c.toString();
      clearInterval(dribble);
    });
    await new Promise((r) => socket.on("close", r));
    clearInterval(dribble);
    expect(received).toMatch(/^HTTP\/1\.1 408/);
    expect(errors.filter((code) => code !== "ECONNRESET" && code !== "EPIPE")).toEqual([]);
    expect(Date.now() - start).toBeLessThan(3000);
    await server.close();
  });

  it("sets the production timeouts explicitly (keep-alive beyond the router's 90 s)", async () => {
    const { createSiteServer } = await import("../../src/server/server");
    const { server } = createSiteServer(app);
    expect(server.keepAliveTimeout).toBe(95_000);
    expect(server.headersTimeout).toBe(20_000);
    expect(server.requestTimeout).toBe(30_000);
  });
});
