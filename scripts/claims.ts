/**
 * The claims check (issue 30, docs/copy.md "Claims rules"): every catalogue text read as a claims
 * reviewer would, for the patterns a reviewer strikes. A finding is allowed only when the phrase is
 * on the reviewed allow-list (`locales/claims-allow.json`: language, key, phrase, why).
 *
 *   npx tsx scripts/claims.ts [pt|en|es ...]   # prints the findings not allowed; exit 1 if any
 *
 * Rules (each a pattern per language):
 * - `absolute`: never / always (nunca, sempre, jamais; nunca, siempre, jamás): a model's behaviour
 *   is configured, not guaranteed.
 * - `guarantee`: guarantee / garant…: the page guarantees nothing.
 * - `figure`: a percentage, a multiplier ("3x", "2 vezes mais"), a count of customers, "in seconds":
 *   a figure needs a source the page can show.
 * - `not-a-feature`: a capability the product's feature list (src/content/features.ts, decision 015)
 *   does not have (reminders, integrations, stock, CRM…), unless the sentence says it does not
 *   (não/sem/nem, not/no/without, no/sin/ni) or asks (ends with "?"); and a coming-soon feature (ad pixel, mass broadcast)
 *   named outside its own card and the plan cards.
 * - `market`: decision 062: in English no US-regulated scene (HIPAA, EIN, a US state…); in Spanish no
 *   voseo.
 * - `contract` (issue 38): "no contract" (sem contrato, sin contrato) contradicts the Terms, which are a
 *   contract; what there is not is a lock-in. Only the hero's slogan (`hero.subtitle`, the spec's
 *   marketing claim) may say it.
 * - `unknowable` (issue 38): what the AI cannot know or judge, said as fact: the "right" moment, size,
 *   questions or person (momento certo, the right size, la talla justa…), "as often as it takes", an
 *   AI that talks "like a person".
 * - `opt-in` (issue 38, WhatsApp's Business Messaging Policy): a card or block on follow-up or
 *   proactive engagement (messages the business starts) says they go to who accepted them or within
 *   WhatsApp's rules; a segment's hero subtitle or sample chat's status line (`chat.note`) that
 *   mentions them (follow-up, checks back, volta a falar…) says on what condition (opted in, the
 *   lead's "yes", paid plans, WhatsApp's rules): the chat must not show follow-up on before a yes.
 * The legal pages (`locales/legal.pt.json`) are read too (but for `not-a-feature`: they describe the
 * site's own data flows): the law's own terms and the site's facts are allowed phrase by phrase.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { CATALOGUES, LEGAL_LANG, LEGAL_PT } from "../src/content/catalogue";
import { LANGS, type Lang } from "../src/shared/languages";

export type Rule =
  | "absolute"
  | "guarantee"
  | "figure"
  | "not-a-feature"
  | "market"
  | "contract"
  | "unknowable"
  | "opt-in";

export interface Finding {
  lang: Lang;
  key: string;
  rule: Rule;
  phrase: string;
}

export interface Allowed {
  key: string;
  phrase: string;
  why: string;
}

export const ALLOW_FILE = new URL("../locales/claims-allow.json", import.meta.url);

/** The reviewed allow-list, per language. */
export function allowList(): Record<Lang, Allowed[]> {
  return JSON.parse(readFileSync(ALLOW_FILE, "utf8")) as Record<Lang, Allowed[]>;
}

const ABSOLUTE: Record<Lang, RegExp> = {
  pt: /(?<![\p{L}])(nunca|sempre|jamais)(?![\p{L}])/giu,
  en: /\b(never|always)\b/gi,
  es: /(?<![\p{L}])(nunca|siempre|jamás)(?![\p{L}])/giu,
};

const GUARANTEE: Record<Lang, RegExp> = {
  pt: /(?<![\p{L}])garant\p{L}*/giu,
  en: /\bguarant\w*/gi,
  es: /(?<![\p{L}])garant\p{L}*/giu,
};

const FIGURE: Record<Lang, RegExp> = {
  pt: /\d+(?:[.,]\d+)?\s?%|(?<![\p{L}])\d+\s?x(?![\p{L}\d])|\d+\s+vezes\s+mais|\d[\d.]*\s+(?:clientes|empresas|negócios|usuários)|em (?:poucos )?segundos/giu,
  en: /\d+(?:[.,]\d+)?\s?%|\b\d+\s?x\b|\d+\s+times\s+(?:more|faster)|\d[\d,]*\s+(?:customers|businesses|companies|users)|\bin (?:a few )?seconds\b/gi,
  es: /\d+(?:[.,]\d+)?\s?%|(?<![\p{L}])\d+\s?x(?![\p{L}\d])|\d+\s+veces\s+más|\d[\d.]*\s+(?:clientes|empresas|negocios|usuarios)|en (?:pocos )?segundos/giu,
};

/** Capabilities the product does not list: fine only in a sentence that says so. */
const NOT_OFFERED: Record<Lang, RegExp> = {
  pt: /(?<![\p{L}])(lembretes?|integra(?:ção|ções|do|da|dos|das|r|-se)|estoque|CRM|ERP)(?![\p{L}])/giu,
  en: /\b(reminders?|integrat(?:ion|ions|ed|es|e)|stock|inventory|CRM|ERP)\b/gi,
  es: /(?<![\p{L}])(recordatorios?|integra(?:ción|ciones|do|da|dos|das|r|rse)|inventario|existencias|stock|CRM|ERP)(?![\p{L}])/giu,
};

const NEGATION: Record<Lang, RegExp> = {
  pt: /(?<![\p{L}])(não|nem|sem|nenhum|nenhuma|fora)(?![\p{L}])/iu,
  en: /\b(not|no|nor|without|outside)\b|n't\b/i,
  es: /(?<![\p{L}])(no|ni|sin|ningún|ninguna|fuera)(?![\p{L}])/iu,
};

/** Coming-soon features (src/content/features.ts): named only on their own card and the plan cards. */
const COMING_SOON: Record<Lang, RegExp> = {
  pt: /pixel|disparo em massa/giu,
  en: /pixel|mass broadcast|broadcast/gi,
  es: /píxel|pixel|envío masivo|envíos masivos|difusión masiva/giu,
};
const COMING_SOON_HOME = /^(features\.(pixel_tracking|mass_broadcast)\.|plans\.|consent\.|legal:)/;

/** US states and US-regulated terms (decision 062): not in the English pages. */
const US_STATES =
  "Alabama|Alaska|Arizona|Arkansas|California|Colorado|Connecticut|Delaware|Florida|Georgia|Hawaii|Idaho|Illinois|Indiana|Iowa|Kansas|Kentucky|Louisiana|Maine|Maryland|Massachusetts|Michigan|Minnesota|Mississippi|Missouri|Montana|Nebraska|Nevada|New Hampshire|New Jersey|New Mexico|New York|North Carolina|North Dakota|Ohio|Oklahoma|Oregon|Pennsylvania|Rhode Island|South Carolina|South Dakota|Tennessee|Texas|Utah|Vermont|Virginia|Washington|West Virginia|Wisconsin|Wyoming";
const MARKET: Partial<Record<Lang, RegExp>> = {
  en: new RegExp(
    `\\b(HIPAA|EIN|SSN|IRS|self-pay|Medicare|Medicaid|copay|co-pay|W-2|1099|${US_STATES}|United States|U\\.S\\.|USA)\\b`,
    "g",
  ),
  es: /(?<![\p{L}])(vos|tenés|podés|querés|sabés|sos|mirá|escribí|contá|decime|avisame|vosotros|vosotras)(?![\p{L}])/giu,
};

/** "No contract": the Terms are one; only the hero's slogan says it (issue 38). */
const NO_CONTRACT: Record<Lang, RegExp> = {
  pt: /(?<![\p{L}])(sem|não há|nenhum) contrato(?! de fidelidade)/giu,
  en: /\bno contract\b|\bwithout a contract\b|\bno contract to sign\b/gi,
  es: /(?<![\p{L}])(sin|no hay|ningún) contrato/giu,
};
const CONTRACT_SLOGAN = new Set(["hero.subtitle"]);

/** What the AI cannot know or judge, said as fact (issue 38). */
const UNKNOWABLE: Record<Lang, RegExp> = {
  pt: /(?<![\p{L}])((no|na) (momento|hora) (certo|certa|oportuna|oportuno)|(perguntas|tamanho|catálogo|representante|vendedor|equipe) cert[oa]s?|quantas vezes for preciso|como gente)(?![\p{L}])/giu,
  en: /\b(at the right (moment|time)|when the timing (is right|makes sense)|the right (size|questions|person|salesperson|rep|moment)|as often as it takes|like a person)\b/gi,
  es: /(?<![\p{L}])(en el momento (justo|oportuno)|cuando conviene|talla justa|preguntas correctas|representante indicado|tantas veces como haga falta|como una persona)(?![\p{L}])/giu,
};

/** Messages the business starts (follow-up, proactive engagement): to who accepted them, within WhatsApp's rules. */
const STARTS_CONVERSATIONS =
  /(^features\.(follow_up|proactive_engagement)\.description|\.block\.(follow_up|proactive_engagement)\.text)$/;
const OPT_IN: Record<Lang, RegExp> = {
  pt: /aceit(ou|aram) receber|regras do WhatsApp/iu,
  en: /opted in|agreed to hear|WhatsApp's rules/i,
  es: /acept(ó|aron) (recibir|tus)|reglas de WhatsApp|ventana de 24 horas/iu,
};

/** A hero subtitle or a sample chat's status line that mentions such messages carries their condition (issue 38, round 2). */
const MENTIONS_STARTS = /^seg\.\w+\.(subtitle|chat\.note)$/;
const STARTS: Record<Lang, RegExp> = {
  pt: /volta a (falar|conversar|chamar)|puxa conversa|retoma|follow-up|fala dos planos/iu,
  en: /follow(s|ing)?[- ]?ups?|checks? back|hear from it|gets? back in touch/i,
  es: /vuelve a escribir|seguimiento|le escribe(?!n)|le pregunta cómo le fue/iu,
};
const CONDITION: Record<Lang, RegExp> = {
  pt: /aceit(ou|aram|ar) receber|regras do WhatsApp|planos pagos|“sim”/iu,
  en: /opted in|agreed|WhatsApp's rules|paid plans|says? yes|family agrees/i,
  es: /acept(ó|aron|a|an)(?![\p{L}])|reglas de WhatsApp|planes de pago|permiso/iu,
};

/** Every text a visitor can read in a language (the legal pages are Portuguese), as `[key, text]`. */
export function texts(lang: Lang): Array<[string, string]> {
  return [
    ...Object.entries(CATALOGUES[lang]),
    ...(lang === LEGAL_LANG ? Object.entries(LEGAL_PT).map(([k, v]): [string, string] => [`legal:${k}`, v]) : []),
  ];
}

const SENTENCE = /(?<=[.!?:;])\s+/;

/** What the rules find in one text (not yet weighed against the allow-list). */
export function findingsIn(lang: Lang, key: string, text: string): Finding[] {
  const out: Finding[] = [];
  const add = (rule: Rule, re: RegExp | undefined, source = text) => {
    if (!re) return;
    for (const m of source.matchAll(new RegExp(re.source, re.flags))) out.push({ lang, key, rule, phrase: m[0] });
  };
  add("absolute", ABSOLUTE[lang]);
  add("guarantee", GUARANTEE[lang]);
  add("figure", FIGURE[lang]);
  // A question asks, a denial denies: neither claims the capability. The legal pages describe the
  // site's own data flows (a CRM the business connects, say), not the product's features.
  if (!key.startsWith("legal:"))
    for (const sentence of text.split(SENTENCE))
      if (!NEGATION[lang].test(sentence) && !sentence.trimEnd().endsWith("?"))
        add("not-a-feature", NOT_OFFERED[lang], sentence);
  if (!COMING_SOON_HOME.test(key)) add("not-a-feature", COMING_SOON[lang]);
  add("market", MARKET[lang]);
  if (!CONTRACT_SLOGAN.has(key)) add("contract", NO_CONTRACT[lang]);
  add("unknowable", UNKNOWABLE[lang]);
  if (STARTS_CONVERSATIONS.test(key) && !OPT_IN[lang].test(text))
    out.push({ lang, key, rule: "opt-in", phrase: text.slice(0, 40) });
  if (MENTIONS_STARTS.test(key) && STARTS[lang].test(text) && !CONDITION[lang].test(text))
    out.push({ lang, key, rule: "opt-in", phrase: text.match(STARTS[lang])![0] });
  return out;
}

const same = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: "accent" }) === 0;

/** The findings of a language the allow-list does not cover, and the allow-list's stale entries. */
export function check(lang: Lang, allowed: Allowed[] = allowList()[lang] ?? []) {
  const all = texts(lang).flatMap(([key, text]) => findingsIn(lang, key, text));
  const isAllowed = (f: Finding) => allowed.some((a) => a.key === f.key && same(a.phrase, f.phrase));
  const stale = allowed.filter((a) => !all.some((f) => f.key === a.key && same(a.phrase, f.phrase)));
  return { findings: all.filter((f) => !isAllowed(f)), stale };
}

export const describeFinding = (f: Finding) => `${f.lang} ${f.key}: ${f.rule} "${f.phrase}"`;

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const langs = (process.argv.slice(2).length ? process.argv.slice(2) : LANGS) as Lang[];
  let failed = false;
  for (const lang of langs) {
    const { findings, stale } = check(lang);
    for (const f of findings) console.log(describeFinding(f));
    for (const a of stale) console.log(`${lang} ${a.key}: allow-list entry matches nothing: "${a.phrase}"`);
    console.log(`${lang}: ${findings.length} findings, ${stale.length} stale allow-list entries`);
    failed ||= findings.length + stale.length > 0;
  }
  process.exit(failed ? 1 : 0);
}
