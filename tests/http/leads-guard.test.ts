/**
 * What the sales redirect does not record, and what it never lets through (issue 31 items 2 and 7,
 * decision 070): HEAD, prefetch, crawlers; hostile query and Referer values stored bounded or
 * dropped and never reflected; the per-minute limit; a database that hangs or fails still sends
 * the visitor on within 300 ms, with the plain `ref:` line, and the failure logged without
 * personal data.
 */
import request from "supertest";
import { describe, expect, it } from "vitest";
import { createApp } from "../../src/server/app";
import { loadConfig } from "../../src/server/config";
import type { Logger } from "../../src/server/logger";
import { fakeLeadStore, type FakeMode } from "./fake-lead-store";
import { BROWSER_UA, follow, readLocation } from "./follow-sales";
import { getAsSent, listenKeptAlive } from "./wire";
import { COMMIT_WAIT_MS } from "../../src/server/leads/redirect";

const SITE_URL = "https://www.xia.test";
const LINK = "/sales?page=/segmentos/odontologia&plan=enterprise";

function setup(
  mode: FakeMode = "ok",
  env: Record<string, string> = {},
  clock = () => new Date("2026-11-26T12:00:00Z"),
) {
  const store = fakeLeadStore(mode);
  const lines: string[] = [];
  const log = (level: string) => (message: string, fields?: unknown) =>
    void lines.push(`${level} ${message} ${JSON.stringify(fields ?? {})}`);
  const logger: Logger = { info: log("info"), warn: log("warn"), error: log("error") };
  const config = loadConfig({ SALES_WHATSAPP: "5511987654321", SITE_URL, ...env });
  return { store, lines, app: createApp({ config, store, now: clock, logger }) };
}

describe("redirected, not recorded", () => {
  it.each([
    ["HEAD", {}],
    ["prefetch", { "Sec-Purpose": "prefetch" }],
    ["prerender", { "Sec-Purpose": "prefetch;prerender" }],
    ["Purpose: prefetch", { Purpose: "prefetch" }],
    ["Googlebot", { "User-Agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" }],
    ["WhatsApp's link preview", { "User-Agent": "WhatsApp/2.23.20.0 A" }],
    ["facebookexternalhit", { "User-Agent": "facebookexternalhit/1.1" }],
    ["no user agent", { "User-Agent": "" }],
  ])("%s", async (name, headers: Record<string, string>) => {
    const { store, app } = setup();
    const req = name === "HEAD" ? request(app).head(LINK) : request(app).get(LINK);
    const res = await req.set({ "User-Agent": BROWSER_UA, ...headers }).redirects(0);
    expect(res.status).toBe(303);
    expect(res.headers.location).toMatch(/^https:\/\/wa\.me\/5511987654321\?text=.*ref%3A%20ODO$/);
    expect(store.leads).toEqual([]);
  });

  it("a phone whose user agent says Cubot is a visitor, not a crawler", async () => {
    const { store, app } = setup();
    await follow(app, LINK, { "User-Agent": "Mozilla/5.0 (Linux; Android 10; CUBOT_X30) Chrome/120 Mobile" });
    expect(store.leads).toHaveLength(1);
  });
});

describe("hostile values: stored bounded or dropped, never reflected", { timeout: 30_000 }, () => {
  const hostile: Array<[string, string]> = [
    ["markup", "%3Cscript%3Ealert(1)%3C%2Fscript%3E"],
    ["10 KB", "x".repeat(10_240)],
    ["NUL", "a%00b"],
    ["CRLF", "%0d%0aSet-Cookie:%20x=1"],
    ["bidi and zero-width", "%E2%80%AEab%E2%80%8B"],
    ["bad encoding", "%zz"],
  ];
  const FIELDS = ["v", "plan", "link", "utm_campaign", "gclid", "fbclid"];

  it.each(hostile)("%s in every field of the link, and in the Referer", async (_name, raw) => {
    // Seven links from one client: within its share of 100 a minute (decision 089).
    const { store, app, lines } = setup("ok", { LEADS_PER_MINUTE: "100" });
    const decoded = new URLSearchParams(`x=${raw}`).get("x")!;
    const requests = [
      ...FIELDS.map((f) => ({ href: `/sales?page=/segmentos/odontologia&utm_source=ok&${f}=${raw}`, headers: {} })),
      {
        href: "/sales?page=/segmentos/odontologia",
        headers: { Referer: `${SITE_URL}/?utm_source=ok&utm_campaign=${raw}` },
      },
    ];
    for (const { href, headers } of requests) {
      const res = await request(app)
        .get(href)
        .set({ "User-Agent": BROWSER_UA, ...headers })
        .redirects(0);
      expect(res.status).toBe(303);
      expect(decodeURIComponent(res.headers.location)).not.toContain(decoded.slice(0, 20));
      expect(res.headers["set-cookie"]).toBeUndefined();
    }
    // Each lead: the known page, the good field kept, the hostile one bounded and printable or dropped.
    expect(store.leads).toHaveLength(requests.length);
    for (const lead of store.leads) {
      expect(lead).toMatchObject({ path: "/segmentos/odontologia", variant: null, plan: null, clicks: null });
      // A Referer longer than a browser sends (4,096) is not read at all.
      const tooLong = lead === store.leads.at(-1) && raw.length > 4096;
      expect(lead.utm.source).toBe(tooLong ? null : "ok");
      const campaign = lead.utm.campaign;
      if (campaign !== null) {
        expect(campaign.length).toBeLessThanOrEqual(100);
        // eslint-disable-next-line no-control-regex -- the control characters are what must not be stored
        expect(campaign).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u200b\u202e]/);
      }
    }
    // A page field naming no page of ours is a 400 (and nothing recorded).
    await request(app).get(`/sales?page=${raw}`).set("User-Agent", BROWSER_UA).expect(400);
    expect(store.leads).toHaveLength(requests.length);
    expect(lines.join("\n")).not.toContain(decoded.slice(0, 20));
  });

  it("repeated keys are dropped, not joined", async () => {
    const { store, app } = setup();
    await follow(app, `${LINK}&utm_source=a&utm_source=b&utm_medium=cpc&gclid=A1&gclid=B2`);
    expect(store.leads[0].utm).toMatchObject({ source: null, medium: "cpc" });
    expect(store.leads[0].clicks).toBeNull();
  });

  it("markup in the page field is never echoed: a 400 page", async () => {
    const { app } = setup();
    const res = await request(app).get("/sales?page=%3Csvg/onload=alert(1)%3E").set("User-Agent", BROWSER_UA);
    expect(res.status).toBe(400);
    expect(res.text).not.toContain("onload=alert");
  });
});

describe("a flood never grows the database without bound", { timeout: 30_000 }, () => {
  it("beyond LEADS_PER_MINUTE visitors are still sent on, unrecorded, logged once a minute", async () => {
    let now = new Date("2026-11-26T12:00:00Z").getTime();
    const { store, app, lines } = setup("ok", { LEADS_PER_MINUTE: "5", TRUST_PROXY: "1" }, () => new Date(now));
    const codes = [];
    // Twelve clients (each within its share, decision 089), behind the one trusted proxy.
    const from = (i: number) => ({ "X-Forwarded-For": `198.51.100.${i + 1}` });
    for (let i = 0; i < 12; i++) codes.push((await follow(app, LINK, from(i))).code);
    expect(codes.filter(Boolean)).toHaveLength(5);
    expect(store.leads).toHaveLength(5);
    expect(lines.filter((l) => l.includes("limit reached"))).toHaveLength(1);
    now += 60_000; // the next minute: room again, and the previous minute's count logged
    expect((await follow(app, LINK, from(0))).code).not.toBeNull();
    expect(store.leads).toHaveLength(6);
    expect(lines.some((l) => l.includes('"count":7'))).toBe(true);
  });
});

describe("the database slow or down: the visitor still reaches WhatsApp", () => {
  it.each(["hang", "reject", { delayMs: 1_000 }] as FakeMode[])(
    "%j: within 300 ms, the plain ref line, logged",
    async (mode) => {
      const { app, lines, store } = setup();
      const server = await listenKeptAlive(app);
      let tries = 0;
      /** How late a timer of the wait's length fires in this process now: a starved CPU delays the redirect's too. */
      const timerLag = () => {
        const set = performance.now();
        return new Promise<number>((r) =>
          setTimeout(() => r(performance.now() - set - COMMIT_WAIT_MS), COMMIT_WAIT_MS),
        );
      };
      try {
        // Warm (the connection, the code paths), then the same redirect with the store answering at
        // once: what this shared machine adds to any request, which the budget does not count.
        await getAsSent(server, LINK, { "User-Agent": BROWSER_UA });
        let started = performance.now();
        await getAsSent(server, LINK, { "User-Agent": BROWSER_UA });
        const machine = performance.now() - started;
        store.mode = mode;
        // The budget is what the code costs, so the fastest of up to three tries is held to it (a
        // shared core can stall a process after its timer fired, which no lag measure sees); every
        // try must still answer long before the store (1 s or never) with the plain ref line.
        let fastest = Infinity;
        while (tries < 3 && fastest >= 300 + machine) {
          tries++;
          started = performance.now();
          const [res, lag] = await Promise.all([getAsSent(server, LINK, { "User-Agent": BROWSER_UA }), timerLag()]);
          const took = performance.now() - started;
          expect(took).toBeLessThan(900);
          fastest = Math.min(fastest, took - Math.max(0, lag));
          expect(res.status).toBe(303);
          const to = readLocation(res.headers.location as string);
          expect(to.ref).toBe("ODO");
          expect(to.code).toBeNull();
          expect(to.text.endsWith("\n\nref: ODO")).toBe(true);
        }
        expect(fastest).toBeLessThan(300 + machine);
      } finally {
        await server.close();
      }
      expect(lines.filter((l) => l.startsWith("warn lead not recorded"))).toHaveLength(tries);
      expect(lines.join("\n")).not.toMatch(/secret|10\.0\.0\.1/); // the driver's message is not logged
    },
  );

  it("a commit within the wait is acknowledged with its code", async () => {
    const { app, store } = setup({ delayMs: 50 });
    const to = await follow(app, LINK);
    expect(to.code).toBe(store.leads[0].code);
  });

  it("without a store the links still work, unrecorded", async () => {
    const app = createApp({ config: loadConfig({ SALES_WHATSAPP: "5511987654321" }) });
    expect((await follow(app, LINK)).code).toBeNull();
  });
});
