/**
 * The copy reads as one company's voice: one term per concept in each language (the glossary in
 * docs/copy.md), and each language's own spelling and regional forms.
 */
import { describe, expect, it } from "vitest";
import { LANGS, type Lang } from "../shared/languages";
import { CATALOGUES, LEGAL_LANG, LEGAL_PT } from "./catalogue";

/** Every text a visitor can read in a language (the legal pages are Portuguese). */
const texts = (lang: Lang): Array<[string, string]> => [
  ...Object.entries(CATALOGUES[lang]),
  ...(lang === LEGAL_LANG ? Object.entries(LEGAL_PT).map(([k, v]): [string, string] => [`legal:${k}`, v]) : []),
];

const offending = (lang: Lang, pattern: RegExp, keys: (key: string) => boolean = () => true) =>
  texts(lang)
    .filter(([key, text]) => keys(key) && pattern.test(text))
    .map(([key]) => key);

/**
 * A "connection" is one WhatsApp number connected to the platform. The term is conexão / connection
 * / conexión; the number itself is "número de WhatsApp" / "WhatsApp number". Retired: line, account.
 */
const CONNECTION: Record<Lang, { term: RegExp; number: RegExp; retired: RegExp[] }> = {
  pt: {
    term: /\bconex(ão|ões)\b/,
    number: /\bnúmeros? de WhatsApp\b/,
    retired: [/\blinhas?\b/i, /\bcontas? (de|do) WhatsApp\b/i],
  },
  en: {
    term: /\bconnections?\b/,
    number: /\bWhatsApp numbers?\b/,
    retired: [/\blines?\b/i, /\bWhatsApp (Business |personal )?accounts?\b/i, /\bpersonal accounts?\b/i],
  },
  es: {
    term: /\bconexi(ón|ones)\b/,
    number: /\bnúmeros? de WhatsApp\b/,
    // "En línea" is "online" (a badge and the chat status), not a connection.
    retired: [/(?<!\ben )\blíneas?\b/i, /\bcuentas? de WhatsApp\b/i],
  },
};

/** Other glossary choices, by language: what must not come back. */
const RETIRED: Record<Lang, Array<[RegExp, string]>> = {
  pt: [
    [/\bpain(el|éis)\b/i, "dashboards are “dashboards”"],
    [/\batrasos?\b/i, "reply timing is “tempo de resposta”, not lateness"],
    [/\bconex(ão|ões) criptografad/i, "a conexão is a WhatsApp number: HTTPS is “tráfego criptografado”"],
  ],
  en: [
    [/\bpanels?\b/i, "dashboards are “dashboards”"],
    [/\bencrypted connections?\b/i, "a connection is a WhatsApp number: HTTPS is “encrypted traffic”"],
  ],
  es: [
    [/\bdashboards?\b|\btableros?\b/i, "dashboards are “paneles”"],
    [/\bseguimiento (de|con) p[íi]xel/i, "“seguimiento” is follow-up; pixel tracking is “medición”"],
    [/\batenciones\b/i, "a calque of “atendimentos”: say conversaciones"],
    [/\bpermanencia\b/i, "Spain/Colombia usage: say “plazo mínimo”"],
    [/\bpresupuestos?\b/i, "say “cotizaciones”"],
    [/\bconexi(ón|ones) cifrad/i, "a conexión is a WhatsApp number: HTTPS is “tráfico cifrado”"],
    [/\bplanes pagos\b/i, "neutral Latin-American Spanish: “planes de pago”"],
  ],
};

/** Spelling and regional forms each language must not use. */
const FOREIGN_FORMS: Record<Lang, RegExp> = {
  // Brazilian Portuguese, not European.
  pt: /\b(ecrã|telemóvel|utilizador(es)?|registo|equipa|facto|contactos?|ficheiros?|está a \w+r)\b/i,
  // American English: the page prices in dollars.
  en: /\b(\w*(organis|customis|personalis|optimis|prioritis|recognis|authoris|minimis|maximis|utilis)\w*|analys(e|es|ed|ing)|catalogues?|colours?|centres?|behaviours?|favourites?|cancell\w+|licence|programmes?)\b/i,
  // Neutral Latin-American Spanish: no vosotros, no Spain-only words.
  es: /\b(vosotr[oa]s|vuestr[oa]s?|\w+(áis|éis)|ordenador(es)?|móvil(es)?|coches?|vale)\b/i,
};

describe("glossary: one term per concept", () => {
  it.each(LANGS)("%s calls a WhatsApp number on the platform a connection, never a line or an account", (lang) => {
    const { term, number, retired } = CONNECTION[lang];
    for (const pattern of retired) expect(offending(lang, pattern), String(pattern)).toEqual([]);
    // The plan cards count connections, and the FAQ says what one is: one WhatsApp number.
    expect(CATALOGUES[lang]["plans.connections"]).toMatch(term);
    expect(CATALOGUES[lang]["faq.connection.q"]).toMatch(term);
    expect(CATALOGUES[lang]["faq.connection.a"]).toMatch(term);
    expect(CATALOGUES[lang]["faq.connection.a"]).toMatch(number);
  });

  it.each(LANGS)("%s keeps its other glossary choices", (lang) => {
    for (const [pattern, why] of RETIRED[lang]) expect(offending(lang, pattern), why).toEqual([]);
  });

  it.each(LANGS)("%s: the calculator counts messages, as the FAQ and the credits do (no “interactions”)", (lang) => {
    expect(offending(lang, /intera/i, (key) => key.startsWith("calculator."))).toEqual([]);
    expect(CATALOGUES[lang]["calculator.interactions"]).toMatch(/mensag|messag|mensaj/i);
  });
});

describe("each language's own forms", () => {
  it.each(LANGS)("%s has no foreign spelling or regional forms", (lang) => {
    expect(
      texts(lang)
        .filter(([, text]) => FOREIGN_FORMS[lang].test(text))
        .map(([key, text]) => `${key}: ${text.match(FOREIGN_FORMS[lang])![0]}`),
    ).toEqual([]);
  });
});

describe("claims", () => {
  it.each(LANGS)("%s says what “unlimited” follow-up covers: the count, not the credits", (lang) => {
    const credits = /cr[ée]dit/i;
    expect(CATALOGUES[lang]["pricing.creditsNote"]).toMatch(credits);
    expect(CATALOGUES[lang]["features.follow_up.description"]).toMatch(credits);
    expect(CATALOGUES[lang]["faq.followUp.a"]).toMatch(credits);
  });

  it.each(LANGS)(
    "%s marks the paid-plan features (follow-up, engagement, files: on every paid plan) as such, and only those",
    (lang) => {
      const c = CATALOGUES[lang];
      const marker = c["features.follow_up.description"].split(". ").pop()!;
      expect(marker).toMatch(/pag|paid/i);
      for (const key of ["flows_files", "follow_up", "proactive_engagement"])
        expect(c[`features.${key}.description`].endsWith(marker), key).toBe(true);
      const others = Object.keys(c).filter(
        (k) =>
          /^features\.\w+\.description$/.test(k) && c[k].endsWith(marker) && !/flows_files|follow_up|proactive/.test(k),
      );
      expect(others).toEqual([]);
    },
  );
});
