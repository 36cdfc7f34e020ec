/**
 * Leads only from people (issue 35 item 3, decision 089): only a top-level navigation is recorded
 * (an `<img>`, a fetch or an iframe on another site still gets the redirect, and no lead); one
 * client gets a small share of the per-minute budget, so a script can neither fill the ledger nor
 * starve it; a click identifier counts only with the consent version the client adds beside it.
 */
import request from "supertest";
import { describe, expect, it } from "vitest";
import { createApp } from "../../src/server/app";
import { loadConfig } from "../../src/server/config";
import { fakeLeadStore } from "./fake-lead-store";
import { BROWSER_UA, consentFor, follow } from "./follow-sales";

const LINK = "/sales?page=/segmentos/odontologia";
const BASE = { SALES_WHATSAPP: "5511987654321", SITE_URL: "https://www.xia.test" };
function setup(env: Record<string, string> = {}) {
  const store = fakeLeadStore();
  const now = () => new Date("2026-11-26T12:00:00Z");
  return { store, app: createApp({ config: loadConfig({ ...BASE, ...env }), store, now }) };
}
const NAVIGATE = { "Sec-Fetch-Mode": "navigate", "Sec-Fetch-Dest": "document", "Sec-Fetch-Site": "same-origin" };

describe("only a top-level navigation is a lead", () => {
  it.each([
    [
      "an <img> on another site",
      { "Sec-Fetch-Mode": "no-cors", "Sec-Fetch-Dest": "image", "Sec-Fetch-Site": "cross-site" },
    ],
    ["a fetch()", { "Sec-Fetch-Mode": "cors", "Sec-Fetch-Dest": "empty" }],
    ["an iframe", { "Sec-Fetch-Mode": "navigate", "Sec-Fetch-Dest": "iframe" }],
    ["an <img> in a browser without Sec-Fetch", { Accept: "image/avif,image/webp,image/*,*/*;q=0.8" }],
  ])("%s: redirected, not recorded", async (_name, headers: Record<string, string>) => {
    const { store, app } = setup();
    const res = await request(app)
      .get(LINK)
      .set({ "User-Agent": BROWSER_UA, ...headers })
      .redirects(0);
    expect(res.status).toBe(303);
    expect(res.headers.location).toMatch(/^https:\/\/wa\.me\/5511987654321\?text=.*ref%3A%20ODO$/);
    expect(store.leads).toEqual([]);
  });

  it("a click (navigate, document), and a browser that sends no Sec-Fetch headers: a lead each", async () => {
    const { store, app } = setup();
    expect((await follow(app, LINK, NAVIGATE)).code).toBe(store.leads[0].code);
    expect((await follow(app, LINK, { Accept: "text/html,application/xhtml+xml,*/*;q=0.8" })).code).not.toBeNull();
    expect(store.leads).toHaveLength(2);
  });
});

describe("each client a small share of LEADS_PER_MINUTE", () => {
  it("a script on one address gets a tenth of the minute; every other visitor is still recorded", async () => {
    const { store, app } = setup({ TRUST_PROXY: "1" });
    const script = { ...NAVIGATE, "X-Forwarded-For": "203.0.113.9" };
    // One a second for a minute, from one script: 6 recorded (a tenth of the default 60), the rest sent on.
    const codes = [];
    for (let i = 0; i < 60; i++) codes.push((await follow(app, LINK, script)).code);
    expect(codes.filter(Boolean)).toHaveLength(6);
    // Real visitors in the same minute, each from its own address: all recorded.
    for (let i = 1; i <= 20; i++)
      expect((await follow(app, LINK, { ...NAVIGATE, "X-Forwarded-For": `198.51.100.${i}` })).code).not.toBeNull();
    expect(store.leads).toHaveLength(26);
  });

  it("an IPv6 client is its /64; a forged X-Forwarded-For beyond TRUST_PROXY changes nothing", async () => {
    const { store, app } = setup({ TRUST_PROXY: "1", LEADS_PER_MINUTE: "10" });
    for (let i = 1; i <= 5; i++) await follow(app, LINK, { ...NAVIGATE, "X-Forwarded-For": `2001:db8:5:6::${i}` });
    expect(store.leads).toHaveLength(1);
    // The router (the one trusted hop) appends the real address: what the client wrote before it is ignored.
    for (let i = 1; i <= 5; i++)
      await follow(app, LINK, { ...NAVIGATE, "X-Forwarded-For": `10.9.9.${i}, 203.0.113.50` });
    expect(store.leads).toHaveLength(2);
  });
});

describe("a click identifier is never consent by itself", () => {
  const ADS = { GTM_ID: "GTM-ABC123", META_PIXEL_ID: "1234567890" };
  const CLICKS = "utm_source=google&gclid=Cj0_forged&fbclid=IwAR_forged";

  it("without the consent version (an ad's auto-tagging, a forged link): the lead, no click id", async () => {
    const { store, app } = setup(ADS);
    await follow(app, `${LINK}&${CLICKS}`, NAVIGATE);
    await follow(app, `${LINK}&${CLICKS}&consent=1`, NAVIGATE);
    await follow(app, `${LINK}&${CLICKS}&consent=gtm`, NAVIGATE); // a choice of an older version
    await follow(app, `${LINK}&${CLICKS}&${consentFor(ADS)}&${consentFor(ADS)}`, NAVIGATE); // repeated
    expect(store.leads).toHaveLength(4);
    for (const lead of store.leads) {
      expect(lead.utm.source).toBe("google");
      expect(lead.clicks).toBeNull();
    }
  });

  it("with the version the client adds for a choice that accepted advertising: kept", async () => {
    const { store, app } = setup(ADS);
    await follow(app, `${LINK}&${CLICKS}&${consentFor(ADS)}`, NAVIGATE);
    expect(store.leads[0].clicks).toMatchObject({ gclid: "Cj0_forged", fbclid: "IwAR_forged" });
  });
});
