import { describe, expect, it } from "vitest";
import { PLANS } from "../shared/plans";
import { CATALOGUES, formatPrice, legal, LEGAL_PT, t } from "./i18n";

/** Values for every argument any message uses. */
const ARGS = {
  brand: "XIA",
  email: "a@b.co",
  credits: 10,
  count: 3,
  messages: 1000,
  year: 2026,
  price: "R$ 1",
  plan: "Pro",
  title: "T",
  language: "English",
  network: "Instagram",
  date: "01/02/2026",
  company: "ACME",
  cnpj: "11.222.333/0001-81",
};

/** Keys whose value is rightly the same in Portuguese and in English or Spanish. */
const SAME_AS_PT = new Set([
  "footer.copyright",
  "meta.errorTitle",
  "hero.badges.whatsapp", // names and patterns
  "hero.chat.voiceLength",
  "en:footer.legal",
  "en:header.menu",
  "en:hero.badges.online",
  "en:hero.chat.status",
  "en:industries.delivery", // words English shares
]);

describe("catalogues", () => {
  const pt = Object.keys(CATALOGUES.pt).sort();

  it.each(["en", "es"] as const)("%s has exactly the keys pt has", (lang) => {
    expect(Object.keys(CATALOGUES[lang]).sort()).toEqual(pt);
  });

  it.each(["pt", "en", "es"] as const)("%s keys are sorted (one place to find each)", (lang) => {
    const keys = Object.keys(CATALOGUES[lang]);
    expect(keys).toEqual([...keys].sort());
  });

  it.each(["pt", "en", "es"] as const)("every %s message formats with its arguments", (lang) => {
    for (const key of pt) {
      const out = t(lang, key, ARGS);
      expect(out, key).not.toMatch(/[{}]/);
      expect(out.trim(), key).not.toBe("");
    }
  });

  it("every legal message formats", () => {
    for (const key of Object.keys(LEGAL_PT)) expect(legal(key, ARGS), key).not.toMatch(/[{}]/);
  });

  it.each(["en", "es"] as const)("%s translates what pt says", (lang) => {
    const untranslated = pt.filter(
      (k) => CATALOGUES[lang][k] === CATALOGUES.pt[k] && !SAME_AS_PT.has(k) && !SAME_AS_PT.has(`${lang}:${k}`),
    );
    expect(untranslated).toEqual([]);
  });
});

describe("t()", () => {
  it("formats ICU messages with arguments", () => {
    expect(t("pt", "footer.copyright", { year: 2026, brand: "XIA" })).toBe("© 2026 XIA");
    expect(t("en", "faq.credits.a", { credits: 10 })).toContain("10 credits");
  });

  it("falls back to English for an unknown language", () => {
    expect(t("fr", "hero.cta")).toBe(CATALOGUES.en["hero.cta"]);
  });

  it("returns the key itself for a missing text", () => {
    expect(t("pt", "hero.nope")).toBe("hero.nope");
    expect(legal("privacy.nope")).toBe("privacy.nope");
  });

  it("follows each language's plural rules (Portuguese counts 0 as one)", () => {
    expect(t("pt", "plans.connections", { count: 0 })).toBe("0 conexão de WhatsApp");
    expect(t("pt", "plans.connections", { count: 2 })).toBe("2 conexões de WhatsApp");
    expect(t("en", "plans.connections", { count: 0 })).toBe("0 WhatsApp connections");
    expect(t("en", "plans.connections", { count: 1 })).toBe("1 WhatsApp connection");
    expect(t("es", "plans.connections", { count: 1 })).toBe("1 conexión de WhatsApp");
  });

  it("groups numbers the language's way", () => {
    expect(t("pt", "plans.credits", { credits: 10_000 })).toBe("10.000 créditos por mês");
    expect(t("es", "plans.credits", { credits: 120_000 })).toBe("120.000 créditos por mes");
    expect(t("en", "plans.credits", { credits: 50_000 })).toBe("50,000 credits per month");
  });
});

describe("formatPrice", () => {
  const plan = (id: string) => PLANS.find((p) => p.id === id)!;
  const nbsp = (s: string) => s.replace(/\u00a0/g, " ");
  it.each([
    ["pt", "freemium", "Grátis"],
    ["es", "freemium", "Gratis"],
    ["en", "freemium", "Free"],
    ["pt", "starter", "R$ 197/mês"],
    ["es", "starter", "R$ 197/mes"],
    ["en", "starter", "$39.40/month"],
    ["pt", "pro", "R$ 497/mês"],
    ["es", "pro", "R$ 497/mes"],
    ["en", "pro", "$96.90/month"],
    ["pt", "scale", "R$ 997/mês"],
    ["es", "scale", "R$ 997/mes"],
    ["en", "scale", "$197.10/month"],
    ["pt", "enterprise", "Sob consulta"],
    ["es", "enterprise", "A consultar"],
    ["en", "enterprise", "On request"],
  ] as const)("%s %s → %s", (lang, id, text) => {
    expect(nbsp(formatPrice(lang, plan(id)))).toBe(text);
  });
});
