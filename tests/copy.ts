/**
 * Expected copy for tests, read from the catalogues (locales/*.json) instead of repeated as
 * literals, so that a marketer's wording change breaks only the tests that are about wording.
 *
 * Messages are formatted the way the server formats them: ICU syntax through intl-messageformat,
 * in the page's locale (plural rules, number grouping), tags not parsed. This file does not use
 * src/content/catalogue.ts, which is what the tests check: here a missing key throws, where the server
 * would show the key itself, and the locales are written out rather than taken from the code.
 * Figures that are product facts (prices, credits, dates, config values) stay literal in the tests
 * and are passed in as arguments.
 */
import { IntlMessageFormat, type PrimitiveType } from "intl-messageformat";
import en from "../locales/en.json";
import es from "../locales/es.json";
import legalPt from "../locales/legal.pt.json";
import pt from "../locales/pt.json";
import segmentsEn from "../locales/segments/en.json";
import segmentsEs from "../locales/segments/es.json";
import segmentsPt from "../locales/segments/pt.json";
import variantsEn from "../locales/variants/en.json";
import variantsEs from "../locales/variants/es.json";
import variantsPt from "../locales/variants/pt.json";
import type { Lang } from "../src/shared/languages";

/** The site's languages (src/shared/languages.ts): a new one is a type error below until its catalogues are here. */
export type CopyLang = Lang;
type Args = Record<string, PrimitiveType>;

const CATALOGUES: Record<CopyLang | "legal", { messages: Record<string, string>; locale: string }> = {
  // Each language's catalogue holds the segment pages' copy too (locales/segments/<lang>.json, `seg.…`)
  // and the message-match variants written in it (locales/variants/<lang>.json, `variant.…`).
  pt: { messages: { ...pt, ...segmentsPt, ...variantsPt }, locale: "pt-BR" },
  en: { messages: { ...en, ...segmentsEn, ...variantsEn }, locale: "en" },
  es: { messages: { ...es, ...segmentsEs, ...variantsEs }, locale: "es" },
  legal: { messages: legalPt, locale: "pt-BR" },
};

function format(catalogue: CopyLang | "legal", key: string, args?: Args): string {
  const { messages, locale } = CATALOGUES[catalogue];
  const source = messages[key];
  if (source === undefined) throw new Error(`tests/copy: no key "${key}" in the ${catalogue} catalogue`);
  return String(new IntlMessageFormat(source, locale, undefined, { ignoreTag: true }).format(args));
}

/** A landing or segment page's message (locales/{pt,en,es}.json, locales/segments/) as a visitor reads it. */
export const copy = (lang: CopyLang, key: string, args?: Args): string => format(lang, key, args);

/** A message of the Portuguese legal pages (locales/legal.pt.json). */
export const legalCopy = (key: string, args?: Args): string => format("legal", key, args);

/** A monthly price line ("R$ 197/mês", "$39.40/month"): the amount is the figure, the wording is copy. */
export const monthly = (lang: CopyLang, amount: string): string => copy(lang, "plans.price.monthly", { price: amount });

const REACT_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" };

/** Text as React's renderToString writes it into HTML, for assertions against the raw markup. */
export const html = (text: string): string => text.replace(/[&<>"']/g, (c) => REACT_ESCAPES[c]);
