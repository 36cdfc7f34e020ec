import { describe, expect, it } from "vitest";
import { ConfigError } from "../config";
import { DEFAULT_META_CAPI_URL, readConversions } from "./settings";

const TOKEN = "EAAGm0PX4ZCpsBAKZBZAbc123def456";
const refused = (env: Record<string, string>) => {
  try {
    readConversions(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).not.toContain("\n");
    for (const value of Object.values(env)) if (value.length > 8) expect(message).not.toContain(value);
    return message;
  }
  throw new Error("accepted");
};

describe("readConversions", () => {
  it("turns nothing on when nothing is set", () => {
    expect(readConversions({})).toEqual({
      meta: null,
      reportPassword: null,
      webhook: null,
      googleAds: null,
      retentionDays: 30,
    });
    // The browser's Pixel alone does not turn the Conversions API on.
    expect(readConversions({ META_PIXEL_ID: "1234567890" }).meta).toBeNull();
  });

  it("reads Meta, the webhook, the conversion names and the retention", () => {
    const settings = readConversions({
      META_PIXEL_ID: "1234567890",
      META_CAPI_TOKEN: TOKEN,
      META_TEST_EVENT_CODE: "TEST123",
      LEADS_WEBHOOK_URL: "https://hooks.zapier.com/hooks/catch/1/abc/",
      LEADS_WEBHOOK_SECRET: "whsec-4f1c9a7e2b6d8035",
      GOOGLE_ADS_CONVERSION_WON: "Venda (WhatsApp)",
      GOOGLE_ADS_FILE_PASSWORD: "correct-horse-battery",
      OUTBOX_RETENTION_DAYS: "7",
    });
    expect(settings.meta).toEqual({
      pixelId: "1234567890",
      token: TOKEN,
      testEventCode: "TEST123",
      url: DEFAULT_META_CAPI_URL,
      version: "v24.0",
    });
    expect(settings.webhook?.url).toBe("https://hooks.zapier.com/hooks/catch/1/abc/");
    expect(settings.googleAds).toEqual({ qualified: null, won: "Venda (WhatsApp)", password: "correct-horse-battery" });
    expect(settings.retentionDays).toBe(7);
    const gateway = readConversions({
      META_PIXEL_ID: "1234567890",
      META_CAPI_TOKEN: TOKEN,
      META_CAPI_URL: "https://capig.example.com/",
    });
    expect(gateway.meta?.url).toBe("https://capig.example.com");
  });

  it("refuses bad values with one line naming the variable", () => {
    expect(refused({ META_PIXEL_ID: "1234567890", META_CAPI_TOKEN: "EAAG abc def ghi jkl mno pqr" })).toMatch(
      /^META_CAPI_TOKEN .*without spaces/,
    );
    expect(refused({ META_PIXEL_ID: "abcdefghijkl", META_CAPI_TOKEN: TOKEN })).toMatch(/^META_PIXEL_ID .*digits/);
    expect(refused({ META_CAPI_TOKEN: TOKEN })).toMatch(/^META_CAPI_TOKEN is set but META_PIXEL_ID is not/);
    expect(refused({ META_TEST_EVENT_CODE: "TEST1" })).toMatch(/^META_TEST_EVENT_CODE .*META_CAPI_TOKEN/);
    expect(
      refused({ META_PIXEL_ID: "1234567890", META_CAPI_TOKEN: TOKEN, META_CAPI_URL: "http://graph.facebook.com" }),
    ).toMatch(/^META_CAPI_URL must use https/);
    expect(
      refused({ LEADS_WEBHOOK_URL: "http://crm.example.com/hook", LEADS_WEBHOOK_SECRET: "whsec-4f1c9a7e2b6d8035" }),
    ).toMatch(/^LEADS_WEBHOOK_URL must use https/);
    // A receiver on this machine may be plain http, only outside production (decision 091).
    const local = { LEADS_WEBHOOK_URL: "http://localhost:8787/hook", LEADS_WEBHOOK_SECRET: "whsec-4f1c9a7e2b6d8035" };
    expect(readConversions(local).webhook?.url).toBe("http://localhost:8787/hook");
    expect(readConversions({ ...local, LEADS_WEBHOOK_URL: "http://127.0.0.1:8787/" }).webhook?.url).toBe(
      "http://127.0.0.1:8787/",
    );
    expect(refused({ ...local, NODE_ENV: "production" })).toMatch(/^LEADS_WEBHOOK_URL must use https/);
    expect(refused({ ...local, LEADS_WEBHOOK_URL: "http://localhost.example.com/" })).toMatch(/must use https/);
    expect(refused({ LEADS_WEBHOOK_URL: "https://crm.example.com/hook" })).toMatch(
      /^LEADS_WEBHOOK_URL .*LEADS_WEBHOOK_SECRET/,
    );
    expect(refused({ LEADS_WEBHOOK_SECRET: "whsec-4f1c9a7e2b6d8035" })).toMatch(/^LEADS_WEBHOOK_SECRET is set but/);
    expect(refused({ LEADS_WEBHOOK_URL: "https://crm.example.com/hook", LEADS_WEBHOOK_SECRET: "short" })).toMatch(
      /^LEADS_WEBHOOK_SECRET .*16/,
    );
    // The webhook's key follows the password rule too (decision 090): long enough is not enough.
    const hook = "https://crm.example.com/hook";
    expect(refused({ LEADS_WEBHOOK_URL: hook, LEADS_WEBHOOK_SECRET: "s3cret-s3cret-s3cret" })).toBe(
      "LEADS_WEBHOOK_SECRET must have at least 10 different characters (e.g. openssl rand -hex 16)",
    );
    expect(refused({ LEADS_WEBHOOK_URL: hook, LEADS_WEBHOOK_SECRET: "0123456789abcdefghij" })).toMatch(
      /^LEADS_WEBHOOK_SECRET must not be half one repeated character or one run/,
    );
    expect(
      refused({ GOOGLE_ADS_CONVERSION_WON: 'Sale "x"', GOOGLE_ADS_FILE_PASSWORD: "correct-horse-battery" }),
    ).toMatch(/^GOOGLE_ADS_CONVERSION_WON/);
    expect(refused({ GOOGLE_ADS_CONVERSION_QUALIFIED: "Lead" })).toMatch(
      /^GOOGLE_ADS_CONVERSION_QUALIFIED .*GOOGLE_ADS_FILE_PASSWORD/,
    );
    expect(refused({ LEADS_REPORT_PASSWORD: "short pass" })).toMatch(/^LEADS_REPORT_PASSWORD/);
    // Weak values (decision 090): length is not enough; the line names the rule, never the value.
    expect(refused({ LEADS_REPORT_PASSWORD: "aaaaaaaaaaaaaaaa" })).toBe(
      "LEADS_REPORT_PASSWORD must have at least 10 different characters (e.g. openssl rand -hex 16)",
    );
    expect(refused({ GOOGLE_ADS_CONVERSION_WON: "Venda", GOOGLE_ADS_FILE_PASSWORD: "abcdefghijklmnopq" })).toMatch(
      /^GOOGLE_ADS_FILE_PASSWORD must not be half one repeated character or one run/,
    );
    // Google Ads' file has its own password, not the report's.
    expect(
      refused({
        GOOGLE_ADS_CONVERSION_WON: "Venda",
        LEADS_REPORT_PASSWORD: "correct-horse-battery",
        GOOGLE_ADS_FILE_PASSWORD: "correct-horse-battery",
      }),
    ).toMatch(/^GOOGLE_ADS_FILE_PASSWORD must differ from LEADS_REPORT_PASSWORD/);
    expect(refused({ GOOGLE_ADS_CONVERSION_WON: "Venda", LEADS_REPORT_PASSWORD: "correct-horse-battery" })).toMatch(
      /^GOOGLE_ADS_CONVERSION_WON is set but GOOGLE_ADS_FILE_PASSWORD is not/,
    );
    expect(refused({ OUTBOX_RETENTION_DAYS: "0" })).toMatch(/^OUTBOX_RETENTION_DAYS/);
    expect(refused({ OUTBOX_RETENTION_DAYS: "0x10" })).toMatch(/^OUTBOX_RETENTION_DAYS/);
  });
});
