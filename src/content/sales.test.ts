import { describe, expect, it } from "vitest";
import { LANGS } from "../shared/languages";
import { loadConfig } from "../server/config";
import { t } from "./catalogue";
import { salesHref, whatsappHref } from "./sales";

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
