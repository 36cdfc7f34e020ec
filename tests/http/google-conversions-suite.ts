/**
 * Google Ads' conversion file over HTTP (decision 078), on a store of either engine: 404 unless
 * configured, HTTP Basic with any user name and GOOGLE_ADS_FILE_PASSWORD, never cached, and rows only
 * for consented leads with a Google click, per configured conversion name.
 */
import request from "supertest";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createApp } from "../../src/server/app";
import { loadConfig } from "../../src/server/config";
import type { Engine } from "../../src/server/ledger/engine";
import type { Ledger } from "../../src/server/ledger/store";
import { GOOGLE_HEADER } from "../../src/server/outbox/googleCsv";
import { openTestStore, sampleLead } from "./store-fixture";

const PASSWORD = "correct-horse-battery-staple";
const ENV = {
  GOOGLE_ADS_FILE_PASSWORD: PASSWORD,
  GOOGLE_ADS_CONVERSION_QUALIFIED: "Lead qualificado",
  GOOGLE_ADS_CONVERSION_WON: "Venda",
};
const PATH = "/api/conversions/google.csv";
const now = new Date("2026-11-26T12:00:00Z");
const clicks = { gclid: null, gbraid: null, wbraid: null, fbclid: null, fbclidAt: null };

export function googleConversionsSuite(engine: Engine) {
  describe(`Google Ads' conversion file on ${engine}`, { timeout: 20_000 }, () => {
    let store: Ledger;
    beforeEach(async () => {
      store = await openTestStore(engine, { timeoutMs: 5_000 });
    });
    afterEach(() => store.close());
    const app = (env: Record<string, string> = ENV) => createApp({ config: loadConfig(env), store, now: () => now });

    it("does not exist without a password or a conversion name: the site's 404", async () => {
      expect((await request(app({})).get(PATH).auth("x", PASSWORD)).status).toBe(404);
      expect(
        (
          await request(app({ LEADS_REPORT_PASSWORD: PASSWORD }))
            .get(PATH)
            .auth("x", PASSWORD)
        ).status,
      ).toBe(404);
    });

    it("asks for the password (any user name) and says nothing else", async () => {
      for (const ask of [request(app()).get(PATH), request(app()).get(PATH).auth("google", "wrong-password-123")]) {
        const res = await ask;
        expect(res.status).toBe(401);
        expect(res.headers["www-authenticate"]).toMatch(/^Basic realm=/);
        expect(res.headers["cache-control"]).toBe("private, no-store");
        expect(res.text).not.toContain("Google Click ID");
      }
      expect((await request(app()).post(PATH).auth("x", PASSWORD)).status).toBe(405);
    });

    it("lists the consented Google clicks' qualified leads and sales, never cached", async () => {
      const at = new Date("2026-11-25T18:04:05Z");
      const made = new Date("2026-11-24T10:00:00Z");
      const gclid = await store.createLead(sampleLead({ clicks: { ...clicks, gclid: "Cj0KCQ-test_1" } }), made);
      const wbraid = await store.createLead(sampleLead({ clicks: { ...clicks, wbraid: "CjwK-wb" } }), made);
      const noConsent = await store.createLead(sampleLead(), made);
      const meta = await store.createLead(sampleLead({ clicks: { ...clicks, fbclid: "IwAR", fbclidAt: made } }), made);
      for (const code of [gclid, wbraid, noConsent, meta])
        await store.recordEvent(code, { type: "qualified", value: null, currency: null, at });
      await store.recordEvent(gclid, { type: "won", value: 1234.5, currency: "BRL", at });
      await store.recordEvent(wbraid, { type: "lost", value: null, currency: null, at });

      const res = await request(app()).get(PATH).auth("google-ads", PASSWORD);
      expect(res.status).toBe(200);
      expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
      expect(res.headers["cache-control"]).toBe("private, no-store");
      expect(res.text.split("\r\n")).toEqual([
        GOOGLE_HEADER,
        "Cj0KCQ-test_1,,,Lead qualificado,2026-11-25 15:04:05-03:00,,",
        "Cj0KCQ-test_1,,,Venda,2026-11-25 15:04:05-03:00,1234.50,BRL",
        ",,CjwK-wb,Lead qualificado,2026-11-25 15:04:05-03:00,,",
        "",
      ]);
    });
  });
}
