/**
 * Experiments at the origin (issue 37, decision 098): an arrival on a running experiment's page is
 * drawn an arm, answered `private, no-store` with no cookie, and counted, except HEAD, prefetch,
 * prerender, crawlers and link previews; the arm's page carries `xa` on its sales links and its
 * `<body>` and never its variant's reference; a valid `xa` is the arm's page, public and uncounted;
 * any other `xa` is the page exactly as without the experiment. The split's statistics on a real
 * store are in tests/http/experiments-store-suite.ts.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { dentalExperiment } from "../fixtures";
import { tmpdir } from "node:os";
import { join } from "node:path";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ArrivalCounter } from "../../src/server/experiments/arrivals";
import { BROWSER_UA, follow } from "./follow-sales";
import { makeApp, NEW_YEARS_EVE } from "./helpers";
import { getAsSent, listenKeptAlive, type Listening } from "./wire";

const PATH = "/segmentos/odontologia";
const dir = mkdtempSync(join(tmpdir(), "xia-experiments-"));
const file = join(dir, "experiments.json");
writeFileSync(file, JSON.stringify([dentalExperiment("dental", "2026-12-20", "2027-01-10")]));
const env = { SALES_WHATSAPP: "5511987654321" };
const app = makeApp({ ...env, EXPERIMENTS_FILE: file });
const plain = makeApp(env);
const ended = makeApp({ ...env, EXPERIMENTS_FILE: file }, () => new Date("2027-01-11T12:00:00Z"));
const arrivals = app.locals.arrivals as ArrivalCounter;
const counted = () => arrivals.pending().reduce((s, c) => s + c.arrivals, 0);
const IMPLANTE = "Avaliações de implante marcadas pelo WhatsApp";

let servers: Listening[];
beforeAll(async () => {
  servers = await Promise.all([app, plain, ended].map((a) => listenKeptAlive(a)));
});
afterAll(() => Promise.all(servers.map((s) => s.close())));

const arrive = (headers: Record<string, string> = {}) =>
  request(app)
    .get(PATH)
    .set({ "User-Agent": BROWSER_UA, ...headers });

describe("an arrival", () => {
  it("is drawn an arm: private, no-store, no cookie, counted once for that arm and day", async () => {
    arrivals.drain();
    const res = await arrive();
    expect(res.status).toBe(200);
    expect(res.headers["cache-control"]).toBe("private, no-store");
    expect(res.headers["set-cookie"]).toBeUndefined();
    const xa = /<body[^>]* data-xa="(dental\.[ab])"/.exec(res.text)?.[1];
    expect(xa).toBeDefined();
    expect(res.text.includes(IMPLANTE)).toBe(xa === "dental.b");
    expect(arrivals.pending()).toEqual([
      {
        experiment: "dental",
        phase: expect.stringMatching(/^a1b1-/),
        arm: xa!.slice(-1),
        day: "2026-12-31",
        arrivals: 1,
      },
    ]);
  });

  it("both arms come up; each arm's sales links carry its token and the page's own reference", async () => {
    const seen = new Map<string, string>();
    while (seen.size < 2) {
      const res = await arrive();
      seen.set(/data-xa="([^"]+)"/.exec(res.text)![1], res.text);
    }
    for (const [xa, html] of seen) {
      const links = [...html.matchAll(/href="(\/sales\?[^"]+)"/g)].map((m) => m[1].replace(/&amp;/g, "&"));
      expect(links.length).toBeGreaterThan(0);
      for (const link of links) {
        expect(link).toContain(`&xa=${xa}`);
        expect(link).not.toContain("v=");
        const followed = await follow(app, link);
        expect(followed.ref).toBe("ODO");
        expect(followed.text).not.toMatch(/implante|dental\.|xa=/i);
      }
      expect(html).not.toContain("data-variant");
      expect(html).not.toContain("xia_ref=ODO-");
    }
  });

  it.each([
    ["HEAD", { method: "HEAD" }],
    ["a prefetch", { "Sec-Purpose": "prefetch" }],
    ["a prerender", { "Sec-Purpose": "prefetch;prerender" }],
    ["a crawler", { "User-Agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" }],
    ["a link preview", { "User-Agent": "WhatsApp/2.23.20.0" }],
    ["no user agent", { "User-Agent": "" }],
  ])("%s gets an arm's page and counts nothing", async (_name, headers) => {
    arrivals.drain();
    const { method, ...rest } = headers as Record<string, string>;
    const res = method === "HEAD" ? await request(app).head(PATH).set("User-Agent", BROWSER_UA) : await arrive(rest);
    expect(res.status).toBe(200);
    expect(res.headers["cache-control"]).toBe("private, no-store");
    expect(counted()).toBe(0);
  });
});

describe("an xa token", () => {
  it("valid: the arm's page, public until midnight like ?v=, the same bytes as its arrivals, counting nothing", async () => {
    arrivals.drain();
    const b = await getAsSent(servers[0], `${PATH}?xa=dental.b&utm_source=google`, { "Accept-Encoding": "identity" });
    const v = await getAsSent(servers[0], `${PATH}?v=implante`, { "Accept-Encoding": "identity" });
    expect(b.headers["cache-control"]).toBe(v.headers["cache-control"]);
    expect(b.headers["cache-control"]).toMatch(/^public, .*s-maxage=/);
    expect(b.body.toString()).toContain(IMPLANTE);
    expect(b.body.toString()).toContain('data-xa="dental.b"');
    let drawn: Buffer | undefined;
    while (!drawn) {
      const res = await getAsSent(servers[0], PATH, { "Accept-Encoding": "identity", "User-Agent": "x" });
      if (res.body.includes('data-xa="dental.b"')) drawn = res.body;
    }
    expect(Buffer.compare(drawn, b.body)).toBe(0);
    arrivals.drain();
    await getAsSent(servers[0], `${PATH}?xa=dental.a`, { "User-Agent": BROWSER_UA });
    expect(counted()).toBe(0);
  });

  it.each(["dental.z", "dental", "other.b", "dental.b&xa=dental.b", "dental.B", "%ZZ", "", "x".repeat(300)])(
    "xa=%s is the page byte for byte as without any experiment, counting nothing",
    async (token) => {
      arrivals.drain();
      for (const encoding of ["br", "gzip", "identity"]) {
        const clean = await getAsSent(servers[1], PATH, { "Accept-Encoding": encoding });
        const other = await getAsSent(servers[0], `${PATH}?xa=${token}`, { "Accept-Encoding": encoding });
        expect(other.status).toBe(200);
        expect(Buffer.compare(other.body, clean.body), encoding).toBe(0);
        for (const header of ["etag", "cache-control", "content-security-policy", "vary"])
          expect(other.headers[header], header).toBe(clean.headers[header]);
      }
      expect(counted()).toBe(0);
    },
  );

  it("the calculator's no-JavaScript form carries xa, so its answer is the arm's page", async () => {
    arrivals.drain();
    const hidden = (html: string) =>
      /<form class="calc-form"[^>]*>(?:(?!<\/form>).)*?<input type="hidden" name="xa" value="([^"]*)"/s.exec(html)?.[1];
    expect(hidden((await arrive({}).query({ xa: "dental.b" })).text)).toBe("dental.b");
    // What the browser sends when the form is submitted: the fields and the hidden xa.
    const answer = await arrive({}).query({ xa: "dental.b", leads: "500", interactions: "3" });
    expect(answer.status).toBe(200);
    // An answer like any calculator answer (not an arrival's private, no-store).
    const clean = await request(plain).get(PATH).query({ leads: "500", interactions: "3" });
    expect(answer.headers["cache-control"]).toBe(clean.headers["cache-control"]);
    expect(answer.text).toContain('data-xa="dental.b"');
    expect(answer.text).toContain(IMPLANTE);
    expect(answer.text).toContain('value="500"');
    expect(hidden(answer.text)).toBe("dental.b");
    expect(counted()).toBe(0);
    // Without an experiment, no hidden field.
    expect((await request(plain).get(PATH)).text).not.toContain('name="xa"');
  });

  it("a known ?v= on the experiment's page is that variant's page, public and uncounted", async () => {
    arrivals.drain();
    const res = await arrive({}).query({ v: "implante" });
    expect(res.headers["cache-control"]).toMatch(/^public/);
    expect(res.text).not.toContain("data-xa");
    expect(counted()).toBe(0);
  });

  it("after the end, the page and every token are the page as without the experiment", async () => {
    const later = () => new Date("2027-01-11T12:00:00Z");
    const reference = makeApp(env, later);
    const refServer = await listenKeptAlive(reference);
    try {
      for (const query of ["", "?xa=dental.b"]) {
        const clean = await getAsSent(refServer, PATH, { "Accept-Encoding": "br" });
        const res = await getAsSent(servers[2], PATH + query, { "Accept-Encoding": "br" });
        expect(Buffer.compare(res.body, clean.body), query).toBe(0);
        expect(res.headers["cache-control"]).toBe(clean.headers["cache-control"]);
      }
    } finally {
      await refServer.close();
    }
    expect((ended.locals.arrivals as ArrivalCounter).pending()).toEqual([]);
  });
});

it("another page of the site is untouched by the experiment", async () => {
  const [a, b] = await Promise.all([
    getAsSent(servers[0], "/en/industries/dental-clinics", { "Accept-Encoding": "br" }),
    getAsSent(servers[1], "/en/industries/dental-clinics", { "Accept-Encoding": "br" }),
  ]);
  expect(Buffer.compare(a.body, b.body)).toBe(0);
  expect(NEW_YEARS_EVE.toISOString()).toBe("2027-01-01T02:30:00.000Z");
});
