/**
 * The copy catalogues (locales/{pt,en,es}.json, and the segment pages' locales/segments/{pt,en,es}.json) and lookup in them: flat, dotted keys holding ICU
 * messages (intl-messageformat). Formatters are compiled once per (language, key) and reused.
 *
 * - An unknown language falls back to English (docs/copy.md).
 * - A missing key returns the key itself, so a gap is visible but never breaks a page.
 */
import { IntlMessageFormat, type PrimitiveType } from "intl-messageformat";
import en from "../../locales/en.json";
import es from "../../locales/es.json";
import pt from "../../locales/pt.json";
import legalPt from "../../locales/legal.pt.json";
import reportPt from "../../locales/report.pt.json";
import segmentsEn from "../../locales/segments/en.json";
import segmentsEs from "../../locales/segments/es.json";
import segmentsPt from "../../locales/segments/pt.json";
import variantsEn from "../../locales/variants/en.json";
import variantsEs from "../../locales/variants/es.json";
import variantsPt from "../../locales/variants/pt.json";
import { LANGUAGE_INFO, isLang, type Lang } from "../shared/languages";
import type { Plan } from "../shared/plans";

export type Catalogue = Record<string, string>;
/**
 * Each language's catalogue: the site's copy, the segment pages' (`locales/segments/<lang>.json`,
 * `seg.<key>.…`) and the message-match variants written in that language (`locales/variants/<lang>.json`,
 * `variant.<page>.<code>.…`; src/content/variants.ts). Every key but a variant's is in all three.
 */
export const CATALOGUES: Record<Lang, Catalogue> = {
  pt: { ...pt, ...segmentsPt, ...variantsPt },
  en: { ...en, ...segmentsEn, ...variantsEn },
  es: { ...es, ...segmentsEs, ...variantsEs },
};
/** The legal pages exist in Portuguese only; their copy is a catalogue of its own. */
export const LEGAL_PT: Catalogue = legalPt;
/** The language of the legal pages (`/privacy`, `/terms`), the only one they exist in. */
export const LEGAL_LANG: Lang = "pt";

/** The currencies the plans are priced in (src/shared/plans.ts: `priceBrl`, `priceUsd`). */
export type Currency = "BRL" | "USD";
/**
 * The currency of each language's prices (decision 062: reais in Portuguese and Spanish, dollars in
 * English): a new language is a type error here until it has one.
 */
export const CURRENCY: Record<Lang, Currency> = { pt: "BRL", en: "USD", es: "BRL" };

export type Args = Record<string, PrimitiveType>;
const compiled = new Map<string, IntlMessageFormat>();
/**
 * A segment page's own copy (`seg.…`, about 1,500 messages) is read when its page renders, once a
 * day: compiled then and not kept (kept, it held about 4 MB of heap for nothing; issue 25's memory
 * budget). The shared copy every page uses is compiled once and kept.
 */
const keep = (key: string) => !key.startsWith("seg.");

function format(catalogue: Catalogue, locale: string, cacheKey: string, key: string, args?: Args): string {
  const source = catalogue[key];
  if (source === undefined) return key;
  let formatter = compiled.get(cacheKey);
  if (!formatter) {
    formatter = new IntlMessageFormat(source, locale, undefined, { ignoreTag: true });
    if (keep(key)) compiled.set(cacheKey, formatter);
  }
  const out = formatter.format(args);
  return typeof out === "string" ? out : String(out);
}

export function t(lang: string, key: string, args?: Args): string {
  const l: Lang = isLang(lang) ? lang : "en";
  return format(CATALOGUES[l], LANGUAGE_INFO[l].htmlLang, `${l}\u0000${key}`, key, args);
}

/** The marketer's lead report (/leads) is in Portuguese only, like the legal pages (decision 072). */
export const REPORT_PT: Catalogue = reportPt;

/** Lookup in the Portuguese legal catalogue (privacy and terms). */
export function legal(key: string, args?: Args): string {
  return format(LEGAL_PT, LANGUAGE_INFO[LEGAL_LANG].htmlLang, `legal\u0000${key}`, key, args);
}

/** Lookup in the report's catalogue (src/server/report/). */
export function reportText(key: string, args?: Args): string {
  return format(REPORT_PT, "pt-BR", `report\u0000${key}`, key, args);
}

/** Whether a language's catalogue holds `key` (an optional text, such as a variant's chat line). */
export const hasMessage = (lang: Lang, key: string): boolean => CATALOGUES[lang][key] !== undefined;

export type Translate = (key: string, args?: Args) => string;
export const translator =
  (lang: Lang): Translate =>
  (key, args) =>
    t(lang, key, args);

/** Per currency: a plan's price in it, and how it is written (reais in Brazilian notation). */
const MONEY: Record<Currency, { price: (plan: Plan) => number | null; format: Intl.NumberFormat }> = {
  BRL: {
    price: (plan) => plan.priceBrl,
    format: new Intl.NumberFormat("pt-BR", {
      style: "currency",
      currency: "BRL",
      minimumFractionDigits: 0,
      maximumFractionDigits: 2,
    }),
  },
  USD: {
    price: (plan) => plan.priceUsd,
    format: new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", minimumFractionDigits: 2 }),
  },
};
const moneyOf = (lang: Lang) => MONEY[CURRENCY[lang]];

/**
 * A plan's price as shown (the business's price list, docs/copy.md): in the language's currency
 * (`CURRENCY`: reais on the pt and es pages, US dollars on the en page); free and on-request plans
 * in words.
 */
export function formatPrice(lang: Lang, plan: Plan): string {
  const { amount, before, after } = priceParts(lang, plan);
  return before + amount + after;
}

/**
 * The same price in parts, so that the page can set the amount large: `amount` is the money
 * ("R$ 497", "$96.90") or the word for free or on request; `before`/`after` are the rest of the
 * language's message around it ("/mês").
 */
export function priceParts(lang: Lang, plan: Plan): { amount: string; before: string; after: string } {
  const money = moneyOf(lang);
  const value = money.price(plan);
  if (value === null) return { amount: t(lang, "plans.price.onRequest"), before: "", after: "" };
  if (value === 0) return { amount: t(lang, "plans.price.free"), before: "", after: "" };
  const [before, after = ""] = t(lang, "plans.price.monthly", { price: "\u0000" }).split("\u0000");
  return { amount: money.format.format(value), before, after };
}

/** The price as structured data needs it: amount and ISO currency of the language's page. */
export function priceSpec(lang: Lang, plan: Plan): { price: number; currency: Currency } | null {
  const amount = moneyOf(lang).price(plan);
  return amount === null ? null : { price: amount, currency: CURRENCY[lang] };
}
