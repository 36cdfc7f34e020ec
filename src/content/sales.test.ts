import { describe, expect, it } from "vitest";
import { LANGS } from "../shared/languages";
import { loadConfig } from "../server/config";
import { t } from "./catalogue";
import { salesHref, segmentSalesHref, whatsappHref } from "./sales";

const withNumber = loadConfig({ SALES_WHATSAPP: "+55 11 98765-4321", BRAND_NAME: "Vendebot" }).page;
const withoutNumber = loadConfig({ CONTACT_EMAIL: "vendas@xia.test", BRAND_NAME: "Vendebot" }).page;

describe("salesHref", () => {
  it.each(LANGS)("%s: wa.me with the page's message naming the plan", (lang) => {
    const url = new URL(salesHref(withNumber, lang, "Enterprise"));
    expect(url.origin + url.pathname).toBe("https://wa.me/5511987654321");
    expect(url.searchParams.get("text")).toBe(t(lang, "sales.message", { plan: "Enterprise", brand: "Vendebot" }));
    expect(url.searchParams.get("text")).toContain("Enterprise");
  });

  it.each(LANGS)("%s: unset, a mailto with a subject in the page's language", (lang) => {
    const href = salesHref(withoutNumber, lang, "Enterprise");
    expect(href.startsWith("mailto:vendas@xia.test?subject=")).toBe(true);
    const subject = decodeURIComponent(href.slice(href.indexOf("=") + 1));
    expect(subject).toBe(t(lang, "sales.subject", { plan: "Enterprise", brand: "Vendebot" }));
  });

  it("the three languages' messages differ", () => {
    expect(new Set(LANGS.map((l) => salesHref(withNumber, l, "Enterprise"))).size).toBe(3);
    expect(new Set(LANGS.map((l) => salesHref(withoutNumber, l, "Enterprise"))).size).toBe(3);
  });

  it("never points at the application", () => {
    for (const config of [withNumber, withoutNumber])
      for (const lang of LANGS) expect(salesHref(config, lang, "Enterprise")).not.toContain(config.appUrl);
  });
});

describe("whatsappHref", () => {
  it.each(LANGS)("%s: a general message without a plan", (lang) => {
    const url = new URL(whatsappHref(withNumber, lang)!);
    expect(url.searchParams.get("text")).toBe(t(lang, "sales.messageGeneral", { brand: "Vendebot" }));
  });

  it("is absent without SALES_WHATSAPP", () => expect(whatsappHref(withoutNumber, "pt")).toBeNull());
});

describe("the source reference (decision 056)", () => {
  const segment = "Odontologia";
  it.each(LANGS)("%s: the segment CTA's WhatsApp text names the segment and ends with the reference", (lang) => {
    const url = new URL(segmentSalesHref(withNumber, lang, segment, "ODO-implante"));
    expect(url.origin + url.pathname).toBe("https://wa.me/5511987654321");
    const text = url.searchParams.get("text")!;
    expect(text).toBe(t(lang, "source.whatsappMessage", { segment, brand: "Vendebot" }) + "\n\nref: ODO-implante");
    expect(text).toContain(segment);
    expect(text).toMatch(/\nref: ODO-implante$/);
  });

  it.each(LANGS)("%s: without SALES_WHATSAPP, a mailto whose subject names the segment and the reference", (lang) => {
    const href = segmentSalesHref(withoutNumber, lang, segment, "ODO");
    expect(href.startsWith("mailto:vendas@xia.test?subject=")).toBe(true);
    const subject = decodeURIComponent(href.slice(href.indexOf("=") + 1));
    expect(subject).toBe(t(lang, "source.emailSubject", { segment, brand: "Vendebot" }) + " | ref: ODO");
  });

  it("percent-encodes the text and the subject so that the reference arrives whole", () => {
    const wa = segmentSalesHref(withNumber, "es", "Bares y restaurantes", "BAR-happy-hour");
    expect(wa).toContain("%0A%0Aref%3A%20BAR-happy-hour");
    expect(wa).not.toMatch(/[ \n]/);
    const mail = segmentSalesHref(withoutNumber, "pt", "Bares e restaurantes", "BAR");
    expect(mail).toMatch(/%7C%20ref%3A%20BAR$/);
    expect(mail).not.toMatch(/[ |]/);
  });

  it("the plan buttons and the footer carry the reference too; without one they are as before", () => {
    const plan = new URL(salesHref(withNumber, "pt", "Enterprise", "IMOB-lancamento")).searchParams.get("text");
    expect(plan).toBe(t("pt", "sales.message", { plan: "Enterprise", brand: "Vendebot" }) + "\n\nref: IMOB-lancamento");
    expect(salesHref(withNumber, "pt", "Enterprise", null)).toBe(salesHref(withNumber, "pt", "Enterprise"));
    const footer = new URL(whatsappHref(withNumber, "en", "GYM")!).searchParams.get("text");
    expect(footer).toMatch(/\n\nref: GYM$/);
    const mail = salesHref(withoutNumber, "en", "Enterprise", "ODO");
    expect(decodeURIComponent(mail.slice(mail.indexOf("=") + 1))).toMatch(/ \| ref: ODO$/);
  });
});
