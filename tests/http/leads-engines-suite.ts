/**
 * The sales redirect on a real store (decisions 069, 070), the same suite on SQLite
 * (leads-engines.test.ts, the quick tier) and PostgreSQL (leads-engines-postgres.test.ts): the
 * link the page carries is followed, the lead read back from the database with the code the message
 * names; hostile values stored bounded; HEAD and crawlers add no row; the flood limit holds.
 */
import request from "supertest";
import { afterEach, describe, expect, it } from "vitest";
import { createApp } from "../../src/server/app";
import { loadConfig } from "../../src/server/config";
import type { Ledger } from "../../src/server/ledger/store";
import { copy } from "../copy";
import { parsePage } from "./dom";
import { BROWSER_UA, consentFor, follow } from "./follow-sales";
import { openTestStore, type Engine } from "./store-fixture";

const DAY = { from: new Date("2000-01-01T00:00:00Z"), to: new Date("2100-01-01T00:00:00Z") };
const PAGE = "/segmentos/odontologia";

export function leadsOnEngine(engine: Engine) {
  describe(`the sales redirect on ${engine}`, { timeout: 30_000 }, () => {
    let store: Ledger | undefined;
    afterEach(async () => {
      await store?.close();
      store = undefined;
    });
    const setup = async (env: Record<string, string> = {}) => {
      store ??= await openTestStore(engine);
      const config = loadConfig({ SALES_WHATSAPP: "5511987654321", SITE_URL: "https://www.xia.test", ...env });
      // A loaded machine's first commit on PostgreSQL can take longer than the redirect's 200 ms.
      return createApp({ config, store, salesCommitWaitMs: 10_000 });
    };
    const stored = async () => store!.exportLeads(DAY.from, DAY.to);

    it("every kind of sales link on a segment page: a committed lead per click, its code in the message", async () => {
      const app = await setup({ GTM_ID: "GTM-ABC123" });
      const page = parsePage((await request(app).get(PAGE).expect(200)).text);
      const hrefs = ["source.ctaWhatsapp", "plans.enterprise.cta", "footer.whatsapp"].flatMap((k) =>
        page.hrefsNamed(copy("pt", k)),
      );
      expect(hrefs.length).toBeGreaterThanOrEqual(3);
      const codes = [];
      const consent = consentFor({ GTM_ID: "GTM-ABC123" });
      for (const href of hrefs)
        codes.push((await follow(app, `${href}&utm_source=google&gclid=Cj0_abc&${consent}`)).code);
      const leads = await stored();
      expect(leads.map((l) => l.code).sort()).toEqual([...codes].sort());
      for (const lead of leads) {
        expect(lead).toMatchObject({ lang: "pt", path: PAGE, segment: "odontology", variant: null });
        expect(lead.utm.source).toBe("google");
        expect(lead.clicks?.gclid).toBe("Cj0_abc");
        expect(lead.events.map((e) => e.type)).toEqual(["created"]);
      }
    });

    it("click identifiers are stored only for a recipient the consent names (decision 079), else dropped", async () => {
      const clicks = `gclid=Cj0_g&gbraid=0AAb&wbraid=Cl0w&fbclid=IwAR_f&fbclid_at=${Date.now() - 60_000}`;
      const leadWith = async (env: Record<string, string>) => {
        const { code } = await follow(await setup(env), `/sales?page=${PAGE}&${clicks}&${consentFor(env)}`);
        return (await stored()).find((l) => l.code === code)!;
      };
      const google = { gclid: "Cj0_g", gbraid: "0AAb", wbraid: "Cl0w" };
      const noGoogle = { gclid: null, gbraid: null, wbraid: null };
      // The Meta Pixel alone: the banner names Meta, not Google.
      const pixel = await leadWith({ META_PIXEL_ID: "1234567890" });
      expect(pixel.clicks).toMatchObject({ ...noGoogle, fbclid: "IwAR_f" });
      expect(pixel.clicks?.fbclidAt).toBeInstanceOf(Date);
      // Google Analytics names no advertising recipient: nothing kept.
      expect((await leadWith({ GA4_ID: "G-ABC123" })).clicks).toBeNull();
      // Google Ads' conversion file without any Google tag names Google (and not Meta).
      const file = await leadWith({
        GOOGLE_ADS_CONVERSION_WON: "Venda",
        GOOGLE_ADS_FILE_PASSWORD: "report-pass-0123456789",
      });
      expect(file.clicks).toEqual({ ...google, fbclid: null, fbclidAt: null });
      // Meta's Conversions API (with its Pixel) and GTM: both.
      const both = await leadWith({
        META_PIXEL_ID: "1234567890",
        META_CAPI_TOKEN: "EAAB".repeat(6),
        GTM_ID: "GTM-ABC123",
      });
      expect(both.clicks).toMatchObject({ ...google, fbclid: "IwAR_f" });
    });

    it("hostile values are stored bounded or not at all; HEAD and crawlers add no row", async () => {
      const app = await setup();
      const hostile = `utm_source=%3Cb%3E&utm_medium=a%00b&utm_term=${"é".repeat(100)}&gclid=%3Cscript%3E`;
      await follow(app, `/sales?page=${PAGE}&${hostile}&utm_campaign=${"x".repeat(3000)}`);
      await request(app).head(`/sales?page=${PAGE}`).set("User-Agent", BROWSER_UA).expect(303);
      await request(app).get(`/sales?page=${PAGE}`).set("User-Agent", "Googlebot/2.1").expect(303);
      const [lead, ...more] = await stored();
      expect(more).toEqual([]);
      expect(lead.utm).toEqual({ source: "<b>", medium: null, campaign: null, term: "é".repeat(100), content: null });
      expect(lead.clicks).toBeNull();
    });

    it("the flood limit: beyond LEADS_PER_MINUTE, redirected without a row", async () => {
      const app = await setup({ LEADS_PER_MINUTE: "3", TRUST_PROXY: "1" });
      const codes = [];
      // Six clients (one lead each is within a client's share): the process's limit is what stops them.
      for (let i = 0; i < 6; i++)
        codes.push((await follow(app, `/sales?page=${PAGE}`, { "X-Forwarded-For": `198.51.100.${i + 1}` })).code);
      expect(codes.filter(Boolean)).toHaveLength(3);
      expect(await stored()).toHaveLength(3);
    });
  });
}
