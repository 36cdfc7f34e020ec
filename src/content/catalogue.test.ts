import { describe, expect, it } from "vitest";
import { copy, monthly } from "../../tests/copy";
import { DEFAULT_LANG, LANGS, type Lang } from "../shared/languages";
import { PLANS } from "../shared/plans";
import { CATALOGUES, formatPrice, legal, LEGAL_PT, t, type Catalogue } from "./catalogue";
import en from "../../locales/en.json";
import es from "../../locales/es.json";
import pt from "../../locales/pt.json";
import segmentsEn from "../../locales/segments/en.json";
import segmentsEs from "../../locales/segments/es.json";
import segmentsPt from "../../locales/segments/pt.json";
import variantsEn from "../../locales/variants/en.json";
import variantsEs from "../../locales/variants/es.json";
import variantsPt from "../../locales/variants/pt.json";

/** Each catalogue file as written (a language's catalogue joins several). */
const FILES: Record<string, Catalogue> = {
  "pt.json": pt,
  "en.json": en,
  "es.json": es,
  "segments/pt.json": segmentsPt,
  "segments/en.json": segmentsEn,
  "segments/es.json": segmentsEs,
  "variants/pt.json": variantsPt,
  "variants/en.json": variantsEn,
  "variants/es.json": variantsEs,
};

/** The languages translated from Portuguese, the source every other catalogue follows. */
type Translation = Exclude<Lang, "pt">;
const TRANSLATIONS = LANGS.filter((lang): lang is Translation => lang !== DEFAULT_LANG);

/** A language's keys, less the message-match variants (each language has those written in it). */
const keysOf = (catalogue: Catalogue) => Object.keys(catalogue).filter((key) => !key.startsWith("variant."));

/** Values for every argument any message uses. */
const ARGS = {
  brand: "XIA",
  sales: "google",
  to: "both",
  ids: "both",
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
  address: "Rua Exemplo, 100, São Paulo, SP",
  dpoEmail: "dpo@b.co",
  attributionKey: "xia_attribution",
  attributionTimeKey: "xia_attribution_at",
  // The lead ledger (decision 071).
  leadDays: 180,
  clicks: "yes",
  appHost: "app.b.co",
  storageKey: "xia_lang",
  // Measurement and consent (decisions 045, 048).
  categories: "both",
  tools: "Google Analytics",
  cookies: "yes",
  who: "both",
  consentKey: "xia_consent",
  hosted: "yes",
  host: "plausible.io",
  plausible: "yes",
  owners: "both",
  asks: "yes",
  // Segment pages and their source reference (decision 056).
  segment: "Odontologia",
  // The sentence on AI model providers, around its link to the privacy page (issue 30).
  privacy: "Política de Privacidade",
};

/** Texts that stay as in Portuguese in every language: patterns, product names, figures. */
const SAME_EVERYWHERE: Record<string, string> = {
  "© {year} {brand}": "pattern, no words",
  "{title} — {brand}": "pattern, no words",
  "— {tools}.": "pattern, no words (the consent category's tools)",
  "WhatsApp Business": "product name",
  "Google Analytics": "product name",
  "Google Tag Manager": "product name",
  "0:12": "a duration, no words (the voice message)",
  "0:14": "a duration, no words (a segment page's voice message: real estate)",
  "0:18": "a duration, no words (a segment page's voice message: law)",
  // The marked placeholders for company data not yet configured (decisions 017, 050): Brazilian legal
  // data the operator must fill in, shown as they always were, in Portuguese on every page.
  "[RAZÃO SOCIAL A DEFINIR]": "placeholder for unset Brazilian company data",
  "[CNPJ A DEFINIR]": "placeholder for unset Brazilian company data",
  "[ENDEREÇO A DEFINIR]": "placeholder for unset Brazilian company data",
};

/**
 * Texts that are rightly the same as the Portuguese one, by language. Each entry is the whole text
 * and why it is not a missed translation: a pattern without words, a name, or a word Spanish and
 * Portuguese (or English) genuinely share. Anything else equal to the Portuguese text fails.
 */
const SAME_AS_PT: Record<Translation, Record<string, string>> = {
  en: {
    ...SAME_EVERYWHERE,
    Menu: "the same word in English",
    Online: "the same word (badge)",
    online: "the same word (chat status)",
  },
  es: {
    ...SAME_EVERYWHERE,
    Calcular: "the same verb in Spanish",
    Cliente: "the same word in Spanish",
    "Clínicas médicas": "the same words in Spanish",
    Documento: "the same word in Spanish (a file the AI sends in a segment page's chat)",
    Delivery: "the loanword used across Latin America, as in Brazil",
    Idioma: "the same word in Spanish",
    Moda: "the same word in Spanish",
    Principal: "the same word in Spanish",
    Turismo: "the same word in Spanish",
  },
};

/** Keys whose text in `other` is still the Portuguese one and not an allowed same word. */
function untranslated(pt: Catalogue, other: Catalogue, allowed: Record<string, string>): string[] {
  return Object.keys(pt).filter((key) => other[key] === pt[key] && !(pt[key] in allowed));
}

describe("catalogues", () => {
  const pt = keysOf(CATALOGUES.pt).sort();

  it.each(TRANSLATIONS)("%s has exactly the keys pt has (variants aside)", (lang) => {
    expect(keysOf(CATALOGUES[lang]).sort()).toEqual(pt);
  });

  it.each(Object.entries(FILES))("%s keys are sorted (one place to find each)", (_file, catalogue) => {
    const keys = Object.keys(catalogue);
    expect(keys).toEqual([...keys].sort());
  });

  it.each(LANGS)("every %s message formats with its arguments", (lang) => {
    for (const key of Object.keys(CATALOGUES[lang])) {
      const out = t(lang, key, ARGS);
      expect(out, key).not.toMatch(/[{}]/);
      expect(out.trim(), key).not.toBe("");
    }
  });

  it("every legal message formats", () => {
    for (const key of Object.keys(LEGAL_PT)) expect(legal(key, ARGS), key).not.toMatch(/[{}]/);
  });

  it.each(TRANSLATIONS)("%s translates what pt says", (lang) => {
    expect(untranslated(CATALOGUES.pt, CATALOGUES[lang], SAME_AS_PT[lang])).toEqual([]);
  });

  it("the translation check catches a text left in Portuguese, even one that merely contains a same word", () => {
    const pt = { "a.one": "Moda", "a.two": "Comece grátis", "a.three": "Moda praia" };
    expect(
      untranslated(pt, { "a.one": "Moda", "a.two": "Comece grátis", "a.three": "Moda praia" }, SAME_AS_PT.es),
    ).toEqual(["a.two", "a.three"]);
    expect(
      untranslated(pt, { "a.one": "Moda", "a.two": "Empieza gratis", "a.three": "Moda de playa" }, SAME_AS_PT.es),
    ).toEqual([]);
  });

  it.each(TRANSLATIONS)("every allowed same %s text is still in use (the list cannot rot)", (lang) => {
    const used = new Set(Object.values(CATALOGUES[lang]));
    expect(Object.keys(SAME_AS_PT[lang]).filter((text) => !used.has(text))).toEqual([]);
  });
});

describe("t()", () => {
  it("formats ICU messages with arguments", () => {
    const copyright = t("pt", "footer.copyright", { year: 2026, brand: "XIA" });
    expect(copyright).toBe(copy("pt", "footer.copyright", { year: 2026, brand: "XIA" }));
    expect(copyright).toContain("2026");
    expect(copyright).toContain("XIA");
    expect(t("en", "faq.credits.a", { credits: 10 })).toBe(copy("en", "faq.credits.a", { credits: 10 }));
    expect(t("en", "faq.credits.a", { credits: 10 })).toMatch(/\b10\b/);
  });

  it("falls back to English for an unknown language", () => {
    expect(t("fr", "hero.cta")).toBe(CATALOGUES.en["hero.cta"]);
  });

  it("returns the key itself for a missing text", () => {
    expect(t("pt", "hero.nope")).toBe("hero.nope");
    expect(legal("privacy.nope")).toBe("privacy.nope");
  });

  it("follows each language's plural rules (Portuguese counts 0 as one)", () => {
    // Compared with the same message's other forms, so that the wording can change freely: the
    // "one" form with 0 put in for 1 (Portuguese), or the "other" form with 0 put in for 2 (English).
    const connections = (lang: string, count: number) => t(lang, "plans.connections", { count });
    expect(connections("pt", 1)).not.toBe(connections("pt", 2).replace("2", "1"));
    expect(connections("pt", 0)).toBe(connections("pt", 1).replace("1", "0"));
    expect(connections("pt", 2)).toBe(copy("pt", "plans.connections", { count: 2 }));
    expect(connections("en", 1)).not.toBe(connections("en", 2).replace("2", "1"));
    expect(connections("en", 0)).toBe(connections("en", 2).replace("2", "0"));
    expect(connections("en", 1)).toBe(copy("en", "plans.connections", { count: 1 }));
    expect(connections("es", 1)).not.toBe(connections("es", 2).replace("2", "1"));
    expect(connections("es", 1)).toBe(copy("es", "plans.connections", { count: 1 }));
  });

  it("the calculator's button for Enterprise says what the Enterprise card says (it is on request)", () => {
    for (const lang of LANGS) {
      expect(t(lang, "calculator.cta", { plan: "Enterprise" })).toBe(t(lang, "plans.enterprise.cta"));
      expect(t(lang, "calculator.cta", { plan: "Pro" })).toContain("Pro");
    }
  });

  it("groups numbers the language's way", () => {
    expect(t("pt", "plans.credits", { credits: 10_000 })).toMatch(/(^|\D)10\.000(\D|$)/);
    expect(t("es", "plans.credits", { credits: 120_000 })).toMatch(/(^|\D)120\.000(\D|$)/);
    expect(t("en", "plans.credits", { credits: 50_000 })).toMatch(/(^|\D)50,000(\D|$)/);
    expect(t("pt", "plans.credits", { credits: 10_000 })).toBe(copy("pt", "plans.credits", { credits: 10_000 }));
  });
});

describe("formatPrice", () => {
  const plan = (id: string) => PLANS.find((p) => p.id === id)!;
  const nbsp = (s: string) => s.replace(/\u00a0/g, " ");
  // The amounts are product facts and stay literal; the words around them come from the catalogue.
  it.each([
    ["pt", "freemium", copy("pt", "plans.price.free")],
    ["es", "freemium", copy("es", "plans.price.free")],
    ["en", "freemium", copy("en", "plans.price.free")],
    ["pt", "starter", monthly("pt", "R$ 197")],
    ["es", "starter", monthly("es", "R$ 197")],
    ["en", "starter", monthly("en", "$39.40")],
    ["pt", "pro", monthly("pt", "R$ 497")],
    ["es", "pro", monthly("es", "R$ 497")],
    ["en", "pro", monthly("en", "$96.90")],
    ["pt", "scale", monthly("pt", "R$ 997")],
    ["es", "scale", monthly("es", "R$ 997")],
    ["en", "scale", monthly("en", "$197.10")],
    ["pt", "enterprise", copy("pt", "plans.price.onRequest")],
    ["es", "enterprise", copy("es", "plans.price.onRequest")],
    ["en", "enterprise", copy("en", "plans.price.onRequest")],
  ] as const)("%s %s → %s", (lang, id, text) => {
    expect(nbsp(formatPrice(lang, plan(id)))).toBe(text);
  });
});
