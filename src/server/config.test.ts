import { describe, expect, it } from "vitest";
import { CONFIGURED_ENV } from "../../tests/fixtures";
import { legal, t } from "../content/catalogue";
import { ConfigError, isValidCnpj, loadConfig, placeholderWarnings } from "./config";

describe("loadConfig", () => {
  it("has working defaults when nothing is set", () => {
    const c = loadConfig({});
    expect(c.page).toMatchObject({
      appUrl: "https://app.example.com/",
      contactEmail: "contato@example.com",
      siteUrl: "http://localhost:3000",
      brandName: "XIA",
      timeZone: "America/Sao_Paulo",
      dpoEmail: "contato@example.com",
      salesWhatsapp: null,
    });
    expect(c.server).toEqual({
      port: 3000,
      production: false,
      siteUrlSet: false,
      trustProxy: 0,
      forceHttps: false,
      webConcurrency: 1,
    });
  });

  it("leaves an optional value not set absent, never a placeholder string (decision 050)", () => {
    const { page } = loadConfig({});
    expect(page).toMatchObject({ companyName: null, companyCnpj: null, companyAddress: null, dpoName: null });
  });

  it("gives pages only what they show: nothing of the server's settings (decision 050)", () => {
    const { server, page } = loadConfig({ NODE_ENV: "production", SITE_URL: "https://www.xia.test", PORT: "8080" });
    for (const key of Object.keys(server)) expect(page, key).not.toHaveProperty(key);
    expect(Object.keys(page).sort()).toEqual(
      [
        ...["appUrl", "brandName", "companyAddress", "companyCnpj", "companyName", "contactEmail", "conversions"],
        ...["dpoEmail", "dpoName", "measurement", "salesWhatsapp", "siteUrl", "social", "timeZone"],
        "leadsRetentionDays", // the privacy page states it (decision 071)
        "experiments", // the privacy page says so while one is declared (issue 37)
      ].sort(),
    );
  });

  it("reads the lead ledger's limits, and refuses nonsense", () => {
    expect(loadConfig({}).leads).toMatchObject({ perMinute: 60, retentionDays: 180 });
    expect(loadConfig({ LEADS_PER_MINUTE: "5", LEADS_RETENTION_DAYS: "30" }).leads).toMatchObject({
      perMinute: 5,
      retentionDays: 30,
    });
    expect(loadConfig({ LEADS_RETENTION_DAYS: "30" }).page.leadsRetentionDays).toBe(30);
    expect(() => loadConfig({ LEADS_PER_MINUTE: "0" })).toThrow(/LEADS_PER_MINUTE/);
    expect(() => loadConfig({ LEADS_RETENTION_DAYS: "-1" })).toThrow(/LEADS_RETENTION_DAYS/);
  });

  it("derives SITE_URL from PORT and production defaults from NODE_ENV", () => {
    const c = loadConfig({ PORT: "8080", NODE_ENV: "production" });
    expect(c.page.siteUrl).toBe("http://localhost:8080");
    expect(c.server.trustProxy).toBe(1);
    // No SITE_URL, no host to redirect to: the HTTPS redirect is off (decision 043).
    expect(c.server.forceHttps).toBe(false);
    expect(loadConfig({ NODE_ENV: "production", SITE_URL: "https://www.xia.test" }).server.forceHttps).toBe(true);
  });

  it("refuses FORCE_HTTPS=true in production without SITE_URL, with one clear line", () => {
    expect(() => loadConfig({ NODE_ENV: "production", FORCE_HTTPS: "true" })).toThrow(
      /^SITE_URL must be set when FORCE_HTTPS is on in production: the HTTPS redirect takes the site's host from it, never from the request$/,
    );
    expect(() => loadConfig({ NODE_ENV: "production", FORCE_HTTPS: "true", SITE_URL: "https://x.com" })).not.toThrow();
  });

  it("accepts PORT=0 (the OS picks the port at bind time; the start-up line names it)", () => {
    const c = loadConfig({ PORT: "0" });
    expect(c.server.port).toBe(0);
    expect(c.page.siteUrl).toBe("http://localhost");
  });

  it("accepts good values", () => {
    const c = loadConfig({
      APP_URL: "https://app.xia.com.br",
      SITE_URL: "https://www.xia.com.br/",
      CONTACT_EMAIL: "suporte@xia.com.br",
      TIME_ZONE: "America/Mexico_City",
      COMPANY_CNPJ: "11.222.333/0001-81",
      BRAND_NAME: "Xia",
    });
    expect(c.page.appUrl).toBe("https://app.xia.com.br/");
    expect(c.page.siteUrl).toBe("https://www.xia.com.br");
    expect(c.page.timeZone).toBe("America/Mexico_City");
    expect(c.page.companyCnpj).toBe("11.222.333/0001-81");
    expect(c.server.siteUrlSet).toBe(true);
    expect(loadConfig({ WEB_CONCURRENCY: "4" }).server.webConcurrency).toBe(4);
    // Heroku's Node.js buildpack has been known to write it with a leading zero.
    expect(loadConfig({ WEB_CONCURRENCY: "04" }).server.webConcurrency).toBe(4);
  });

  it("reads the address and the DPO; the DPO e-mail defaults to CONTACT_EMAIL", () => {
    const c = loadConfig({
      COMPANY_ADDRESS: "  Av. Paulista, 1000, São Paulo - SP  ",
      DPO_NAME: "Maria Souza",
      CONTACT_EMAIL: "suporte@xia.com.br",
    }).page;
    expect(c.companyAddress).toBe("Av. Paulista, 1000, São Paulo - SP");
    expect(c.dpoName).toBe("Maria Souza");
    expect(c.dpoEmail).toBe("suporte@xia.com.br");
    expect(loadConfig({ DPO_EMAIL: "dpo@xia.com.br" }).page.dpoEmail).toBe("dpo@xia.com.br");
  });

  const bad: Array<[string, string, RegExp]> = [
    ["PORT", "65536", /^PORT must be a whole number from 0 to 65535$/],
    ["PORT", "70000", /^PORT /],
    ["PORT", "abc", /^PORT /],
    ["APP_URL", "not a url", /^APP_URL must be an absolute URL/],
    ["APP_URL", "javascript:alert(1)", /^APP_URL must use http or https$/],
    ["SITE_URL", "https://x.com/path", /^SITE_URL must be an origin/],
    ["CONTACT_EMAIL", "nobody", /^CONTACT_EMAIL must be an e-mail/],
    ["TIME_ZONE", "Mars/Olympus", /^TIME_ZONE must be an IANA time zone/],
    ["COMPANY_CNPJ", "11.222.333/0001-82", /^COMPANY_CNPJ must be a valid CNPJ/],
    ["BRAND_NAME", "<script>", /^BRAND_NAME must be plain text/],
    ["COMPANY_ADDRESS", "Rua <b>A</b>", /^COMPANY_ADDRESS must be plain text of at most 200 characters/],
    ["COMPANY_ADDRESS", "Rua A, ".repeat(40), /^COMPANY_ADDRESS must be plain text/],
    ["COMPANY_ADDRESS", "Rua A\nSão Paulo", /^COMPANY_ADDRESS must be plain text/],
    ["DPO_NAME", "x".repeat(121), /^DPO_NAME must be plain text of at most 120 characters/],
    ["DPO_EMAIL", "dpo@", /^DPO_EMAIL must be an e-mail address/],
    ["INSTAGRAM_URL", "ftp://x", /^INSTAGRAM_URL must use http or https$/],
    ["TRUST_PROXY", "-1", /^TRUST_PROXY /],
    ["FORCE_HTTPS", "maybe", /^FORCE_HTTPS must be true or false$/],
    ["SALES_WHATSAPP", "12345", /^SALES_WHATSAPP must be a WhatsApp number with country code/],
    ["SALES_WHATSAPP", "5511987654321000", /^SALES_WHATSAPP must be a WhatsApp number/],
    ["SALES_WHATSAPP", "055 11 98765-4321", /^SALES_WHATSAPP must be a WhatsApp number/],
    ["SALES_WHATSAPP", "55 11 call-me", /^SALES_WHATSAPP must be a WhatsApp number/],
    ["SALES_WHATSAPP", "https://wa.me/5511987654321", /^SALES_WHATSAPP must be a WhatsApp number/],
    ["WEB_CONCURRENCY", "0", /^WEB_CONCURRENCY must be a whole number from 1 to 64$/],
    ["WEB_CONCURRENCY", "65", /^WEB_CONCURRENCY /],
    ["WEB_CONCURRENCY", "2.5", /^WEB_CONCURRENCY /],
    ["GA4_ID", "UA-12345-1", /^GA4_ID must be a Google Analytics 4 measurement ID such as G-/],
    ["GA4_ID", "G-abc<script>", /^GA4_ID must be a Google Analytics 4 measurement ID/],
    ["GTM_ID", "G-ABC1234", /^GTM_ID must be a Google Tag Manager container ID such as GTM-/],
    ["GTM_ID", "GTM-ABC1234'", /^GTM_ID must be a Google Tag Manager container ID/],
    ["META_PIXEL_ID", "123456789", /^META_PIXEL_ID must be a Meta Pixel ID: 10 to 20 digits$/],
    ["META_PIXEL_ID", "1".repeat(21), /^META_PIXEL_ID must be a Meta Pixel ID/],
    ["META_PIXEL_ID", "12345678901a", /^META_PIXEL_ID must be a Meta Pixel ID/],
    ["PLAUSIBLE_DOMAIN", "https://xia.com.br", /^PLAUSIBLE_DOMAIN must be the site's domain/],
    ["CONSENT_VERSION", "2026 11", /^CONSENT_VERSION must be a short label of letters, digits and hyphens/],
    ["CONSENT_VERSION", "x".repeat(21), /^CONSENT_VERSION must be a short label/],
    ["PLAUSIBLE_DOMAIN", "localhost", /^PLAUSIBLE_DOMAIN must be the site's domain/],
    [
      "PLAUSIBLE_SCRIPT_URL",
      "https://plausible.io/js/script.js",
      /^PLAUSIBLE_SCRIPT_URL is set but PLAUSIBLE_DOMAIN is not/,
    ],
  ];
  it.each(bad)("rejects %s=%s with one line naming it", (name, value, message) => {
    let error: unknown;
    try {
      loadConfig({ [name]: value });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const text = (error as Error).message;
    expect(text).toMatch(message);
    expect(text).not.toContain("\n");
    expect(text).not.toContain(value === "0" ? "\u0000" : value);
  });
});

describe("measurement variables", () => {
  it("are all off when none is set", () => {
    expect(loadConfig({}).page.measurement).toEqual({ ga4: null, gtm: null, metaPixel: null, plausible: null });
  });

  it("reads each tool; Plausible's script defaults to plausible.io", () => {
    const m = loadConfig({
      GA4_ID: " G-ABC123DEF4 ",
      GTM_ID: "GTM-ABC1234",
      META_PIXEL_ID: "123456789012345",
      PLAUSIBLE_DOMAIN: "XIA.com.br",
    }).page.measurement;
    expect(m).toEqual({
      ga4: "G-ABC123DEF4",
      gtm: "GTM-ABC1234",
      metaPixel: "123456789012345",
      plausible: { domain: "xia.com.br", scriptUrl: "https://plausible.io/js/script.js" },
    });
    const { page: selfHosted } = loadConfig({
      PLAUSIBLE_DOMAIN: "xia.com.br",
      PLAUSIBLE_SCRIPT_URL: "https://stats.xia.com.br/js/script.js",
    });
    expect(selfHosted.measurement.plausible?.scriptUrl).toBe("https://stats.xia.com.br/js/script.js");
  });

  it.each([
    ["http://stats.xia.com.br/js/script.js", /^PLAUSIBLE_SCRIPT_URL must use https$/],
    ["https://stats.xia.com.br/js/script.js?x=1", /^PLAUSIBLE_SCRIPT_URL must not have a query or fragment$/],
    ["stats.xia.com.br/js/script.js", /^PLAUSIBLE_SCRIPT_URL must be an absolute URL/],
    ["https://user:pw@stats.xia.com.br/js/script.js", /^PLAUSIBLE_SCRIPT_URL must not contain credentials$/],
  ])("rejects PLAUSIBLE_SCRIPT_URL=%s with one line naming it", (value, message) => {
    expect(() => loadConfig({ PLAUSIBLE_DOMAIN: "xia.com.br", PLAUSIBLE_SCRIPT_URL: value })).toThrow(message);
  });

  it("accepts plain http for a script on this machine only (tests, the audit)", () => {
    const env = { PLAUSIBLE_DOMAIN: "xia.com.br", PLAUSIBLE_SCRIPT_URL: "http://127.0.0.1:4202/js/script.js" };
    expect(loadConfig(env).page.measurement.plausible?.scriptUrl).toBe("http://127.0.0.1:4202/js/script.js");
  });
});

describe("placeholderWarnings", () => {
  const REAL = CONFIGURED_ENV;

  it("names each placeholder still in place, one line each, without echoing values", () => {
    const lines = placeholderWarnings(loadConfig({}));
    expect(lines.map((l) => l.split(" ")[0])).toEqual([
      "COMPANY_NAME",
      "COMPANY_CNPJ",
      "COMPANY_ADDRESS",
      "CONTACT_EMAIL",
      "DPO_NAME",
      "APP_URL",
    ]);
    for (const line of lines) expect(line).not.toMatch(/\n|example\.com|\[/);
  });

  it("is empty once everything is configured", () => {
    expect(placeholderWarnings(loadConfig(REAL))).toEqual([]);
  });

  it.each([
    ["COMPANY_NAME", { COMPANY_NAME: "" }],
    ["COMPANY_ADDRESS", { COMPANY_ADDRESS: " " }],
    ["CONTACT_EMAIL", { CONTACT_EMAIL: "vendas@example.org" }],
    ["DPO_NAME", { DPO_NAME: "" }],
    ["DPO_EMAIL", { DPO_EMAIL: "dpo@example.com" }],
    ["APP_URL", { APP_URL: "https://app.example.com/" }],
    ["APP_URL", { APP_URL: "https://www.example.net" }],
  ])("reports %s alone when only it is a placeholder", (variable, env) => {
    expect(placeholderWarnings(loadConfig({ ...REAL, ...env })).map((l) => l.split(" ")[0])).toEqual([variable]);
  });

  // The pages' placeholder texts come from the catalogues; a value the operator sets is theirs, even
  // when it reads like one. Before decision 050, setting DPO_NAME to the role's own text (what the page
  // shows without it) silenced its warning: the warning compared the text, not whether it was set.
  it.each([
    ["DPO_NAME", legal("privacy.dpo.nameUnset")],
    ["COMPANY_NAME", t("pt", "footer.unset.company")],
    ["COMPANY_ADDRESS", t("pt", "footer.unset.address")],
  ])("warns about an unset %s by its absence, not by the text shown in its place", (variable, shown) => {
    const unset = placeholderWarnings(loadConfig({ ...REAL, [variable]: "" }));
    expect(unset.map((l) => l.split(" ")[0])).toEqual([variable]);
    expect(placeholderWarnings(loadConfig({ ...REAL, [variable]: shown }))).toEqual([]);
  });

  it("does not mistake a real domain that contains the word for the example one", () => {
    expect(
      placeholderWarnings(loadConfig({ ...REAL, CONTACT_EMAIL: "a@myexample.com", APP_URL: "https://example.com.br" })),
    ).toEqual([]);
  });
});

describe("SALES_WHATSAPP", () => {
  it.each([
    ["5511987654321", "5511987654321"],
    ["+55 (11) 98765-4321", "5511987654321"],
    ["1 415 555 0123", "14155550123"],
    ["  ", null],
  ])("%j is read as %j", (value, expected) =>
    expect(loadConfig({ SALES_WHATSAPP: value }).page.salesWhatsapp).toBe(expected),
  );
});

describe("isValidCnpj", () => {
  it.each([
    ["11.222.333/0001-81", true],
    ["11222333000181", true],
    ["11.222.333/0001-80", false],
    ["00.000.000/0000-00", false],
    ["123", false],
  ])("%s → %s", (value, ok) => expect(isValidCnpj(value)).toBe(ok));
});

describe("conversion variables (issue 32)", () => {
  it("are read once by loadConfig; pages get only which destinations are configured", () => {
    const { conversions, page } = loadConfig({
      LEADS_WEBHOOK_URL: "https://hooks.zapier.com/hooks/catch/123/abc/",
      LEADS_WEBHOOK_SECRET: "whsec-0123456789abcdef",
    });
    expect(conversions.webhook?.secret).toBe("whsec-0123456789abcdef");
    expect(page.conversions).toEqual({ meta: false, googleAds: false, webhookHost: "hooks.zapier.com" });
    expect(JSON.stringify(page)).not.toContain("whsec");
    expect(() =>
      loadConfig({ LEADS_WEBHOOK_URL: "http://crm.example.com", LEADS_WEBHOOK_SECRET: "x".repeat(20) }),
    ).toThrow(/^LEADS_WEBHOOK_URL must use https/);
  });
});
