/**
 * What the terms page says (decision 016), as content: the same sections for every configuration;
 * only the values in its messages (brand, company, addresses) come from the page settings.
 */
import type { PageSettings } from "../site";
import { legalArgs, measurementFacts } from "./facts";
import type { LegalOutline, Part } from "./outline";

export const TERMS_PARTS: Part[] = [
  { id: "prestador", title: "terms.provider.title", blocks: [{ text: "common.provider" }] },
  {
    id: "servico",
    title: "terms.service.title",
    blocks: [{ text: "terms.service.text" }, { text: "terms.service.features" }],
  },
  {
    id: "planos-e-creditos",
    title: "terms.plans.title",
    blocks: [
      { text: "terms.plans.connections" },
      { text: "terms.plans.credits" },
      { text: "terms.plans.prices" },
      { text: "terms.plans.cancel" },
      { text: "terms.plans.withdrawal" },
    ],
  },
  {
    id: "uso-aceitavel",
    title: "terms.acceptable.title",
    blocks: [
      { text: "terms.acceptable.intro" },
      {
        list: [
          "terms.acceptable.whatsapp",
          "terms.acceptable.spam",
          "terms.acceptable.fraud",
          "terms.acceptable.data",
          "terms.acceptable.info",
          "terms.acceptable.security",
        ],
      },
      { text: "terms.acceptable.whatsappNote" },
    ],
  },
  {
    id: "suspensao-e-encerramento",
    title: "terms.suspension.title",
    blocks: [
      { text: "terms.suspension.intro" },
      {
        list: [
          "terms.suspension.breach",
          "terms.suspension.damage",
          "terms.suspension.payment",
          "terms.suspension.law",
        ],
      },
      { text: "terms.suspension.notice" },
      { text: "terms.suspension.user" },
    ],
  },
  { id: "alteracoes", title: "terms.changes.title", blocks: [{ text: "terms.changes.text" }] },
  {
    id: "privacidade",
    title: "terms.privacy.title",
    blocks: [{ text: "terms.privacy.text", link: { href: "/privacy", label: "terms.privacy.link" } }],
  },
  { id: "lei", title: "terms.law.title", blocks: [{ text: "terms.law.text" }, { text: "terms.law.venue" }] },
];

export function termsOutline(settings: PageSettings): LegalOutline {
  const args = legalArgs(settings, measurementFacts(settings.measurement));
  return { doc: "terms", intro: "terms.intro", args, parts: TERMS_PARTS };
}
