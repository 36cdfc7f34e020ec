/**
 * The sales redirect records a lead for every kind of sales link (issue 31 item 1, decision 069):
 * the link's href as the page carries it is followed; the lead holds the page, language, segment,
 * variant, plan and the campaign fields (from the link's own query, or a same-origin Referer), and
 * the click identifiers only as the client script adds them. Run against the store in memory that
 * implements the contract (tests/http/fake-lead-store.ts).
 */
import request from "supertest";
import { describe, expect, it } from "vitest";
import { createApp } from "../../src/server/app";
import { loadConfig } from "../../src/server/config";
import { SEGMENTS, segmentPath } from "../../src/content/segments";
import { variantsOf } from "../../src/content/variants";
import { landingHref } from "../../src/shared/languages";
import { copy } from "../copy";
import { parsePage } from "./dom";
import { fakeLeadStore } from "./fake-lead-store";
import { consentFor, follow } from "./follow-sales";
import { NEW_YEARS_EVE } from "./helpers";

const SITE_URL = "https://www.xia.test";
function setup(env: Record<string, string> = { SALES_WHATSAPP: "5511987654321" }) {
  const store = fakeLeadStore();
  const app = createApp({ config: loadConfig({ SITE_URL, ...env }), store, now: () => NEW_YEARS_EVE });
  return { store, app, page: async (path: string) => parsePage((await request(app).get(path).expect(200)).text) };
}
const NO_UTM = { source: null, medium: null, campaign: null, term: null, content: null };
const [variant] = variantsOf("en", "odontology");
const segmentPage = `${segmentPath("en", "odontology")}?v=${variant}`;

describe("a lead per sales link, its code in the message", () => {
  it("the segment page's button, its Enterprise buttons and footer: page, language, segment, variant, plan", async () => {
    const { store, app, page } = setup();
    const html = await page(segmentPage);
    const links = {
      button: html.hrefsNamed(copy("en", "source.ctaWhatsapp")),
      enterprise: html.hrefsNamed(copy("en", "plans.enterprise.cta")),
      footer: html.hrefsNamed(copy("en", "footer.whatsapp")),
    };
    expect(links.button).toHaveLength(1);
    expect(links.footer).toHaveLength(1);
    expect(links.enterprise.length).toBeGreaterThan(0);
    for (const [kind, hrefs] of Object.entries(links))
      for (const href of hrefs) {
        const to = await follow(app, href);
        const lead = store.leads.at(-1)!;
        expect(to.code).toBe(lead.code);
        expect(to.ref).toBe(`${SEGMENTS.odontology.ref}-${variant}`);
        expect(lead).toMatchObject({
          lang: "en",
          path: segmentPath("en", "odontology"),
          segment: "odontology",
          variant,
          plan: kind === "enterprise" ? "enterprise" : null,
          utm: NO_UTM,
          clicks: null,
          createdAt: NEW_YEARS_EVE,
        });
      }
    expect(store.leads).toHaveLength(2 + links.enterprise.length);
  });

  it("the landing page (no segment) gets `ref: SITE #CODE`; the calculator's answer links the same", async () => {
    const { store, app, page } = setup();
    const html = await page(`${landingHref("es")}?leads=20000&interactions=1`);
    const hrefs = html.hrefsNamed(copy("es", "plans.enterprise.cta"));
    expect(hrefs.length).toBe(2); // the plan card and the calculator's answer
    for (const href of hrefs) {
      const to = await follow(app, href);
      expect(to.text.endsWith(`\n\nref: SITE #${to.code}`)).toBe(true);
    }
    expect(store.leads.map((l) => [l.path, l.segment, l.variant, l.plan])).toEqual([
      ["/es", null, null, "enterprise"],
      ["/es", null, null, "enterprise"],
    ]);
  });

  it("the campaign fields come from the link's own query (the client script adds them)", async () => {
    const { store, app, page } = setup();
    const [href] = (await page(segmentPage)).hrefsNamed(copy("en", "source.ctaWhatsapp"));
    const utm = "utm_source=google&utm_medium=cpc&utm_campaign=odonto%20BR&utm_term=implante&utm_content=ad%2B1";
    await follow(app, `${href}&${utm}`, { Referer: `${SITE_URL}/en?utm_source=other` });
    expect(store.leads[0].utm).toEqual({
      source: "google",
      medium: "cpc",
      campaign: "odonto BR",
      term: "implante",
      content: "ad+1",
    });
  });

  it("without JavaScript, from a same-origin Referer's query: the campaign fields only, never a click id", async () => {
    const { store, app, page } = setup();
    const [href] = (await page(segmentPage)).hrefsNamed(copy("en", "source.ctaWhatsapp"));
    const landed = `${segmentPage}&utm_source=meta&utm_campaign=spring&fbclid=IwAR123&gclid=Cj0abc`;
    await follow(app, href, { Referer: `${SITE_URL}${landed}` });
    expect(store.leads[0].utm).toEqual({ ...NO_UTM, source: "meta", campaign: "spring" });
    expect(store.leads[0].clicks).toBeNull();
    // Another origin's Referer is not ours to read.
    await follow(app, href, { Referer: `https://evil.test${landed}` });
    expect(store.leads[1].utm).toEqual(NO_UTM);
  });

  it("click identifiers as the client adds them with advertising consent, the fbclid with its click time", async () => {
    // The banner names Google (GTM's Google Ads tags) and Meta (its Pixel): both kinds kept (decision 079).
    const env = { SALES_WHATSAPP: "5511987654321", GTM_ID: "GTM-ABC123", META_PIXEL_ID: "1234567890" };
    const { store, app } = setup(env);
    const consent = consentFor(env);
    const at = NEW_YEARS_EVE.getTime() - 3_600_000;
    await follow(
      app,
      `/sales?page=/&plan=enterprise&gclid=Cj0KCQ_x-1&gbraid=0AAAA&wbraid=CjkB&fbclid=IwAR0_x&fbclid_at=${at}&${consent}`,
    );
    expect(store.leads[0].clicks).toEqual({
      gclid: "Cj0KCQ_x-1",
      gbraid: "0AAAA",
      wbraid: "CjkB",
      fbclid: "IwAR0_x",
      fbclidAt: new Date(at),
    });
    // A click time from the future or long ago is the lead's own time.
    await follow(app, `/sales?page=/&fbclid=IwAR1&fbclid_at=99999999999999&${consent}`);
    expect(store.leads[1].clicks).toMatchObject({ fbclid: "IwAR1", fbclidAt: NEW_YEARS_EVE, gclid: null });
  });

  it("without SALES_WHATSAPP the e-mail link is recorded and carries the code in its subject", async () => {
    const { store, app, page } = setup({ CONTACT_EMAIL: "vendas@xia.test" });
    const [href] = (await page(segmentPath("pt", "odontology"))).hrefsNamed(copy("pt", "source.ctaEmail"));
    const to = await follow(app, href);
    expect(to.location.startsWith("mailto:vendas@xia.test?subject=")).toBe(true);
    expect(to.text.endsWith(` | ref: ODO #${store.leads[0].code}`)).toBe(true);
  });

  it("a link naming no page of the site is a 400 page, recorded nowhere; other methods 405", async () => {
    const { store, app } = setup();
    for (const href of ["/sales", "/sales?page=/nope", "/sales?page=/&page=/en", "/sales?page=https://evil.test/"])
      await request(app).get(href).expect(400);
    await request(app).post("/sales?page=/").expect(405);
    expect(store.leads).toEqual([]);
  });

  it("pages stay the same for every visitor: the links carry no campaign value", async () => {
    const { app } = setup();
    const a = (await request(app).get(`${segmentPage}&utm_source=x&gclid=y`)).text;
    const b = (await request(app).get(segmentPage)).text;
    expect(a).toBe(b);
  });
});
