/**
 * What the privacy page says (decisions 016, 026, 048), as content: its outline for the given page
 * settings. Everything that depends on the measurement configuration is decided here, from the facts
 * computed once in facts.ts; src/pages/Legal.tsx only renders the outline.
 */
import { legal } from "../catalogue";
import type { PageSettings } from "../site";
import { legalArgs, measurementFacts } from "./facts";
import { conversionsPart } from "./conversions";
import { measurementPart } from "./measurement";
import { adRecipients, consentTools } from "../../shared/measurement";
import type { LegalOutline, Part } from "./outline";

/** One kind of data: what it is, then purpose, legal basis and what decides how long it is kept. */
const dataCategory = (id: string, key: string, measured = false): Part => ({
  id,
  title: `privacy.data.${key}.title`,
  blocks: [
    { text: `privacy.data.${key}.what` },
    // "Visitantes deste site" with a tool configured: one more paragraph pointing to the tools.
    ...(measured ? [{ text: `privacy.data.${key}.measured` }] : []),
    {
      facts: (["purpose", "basis", "retention"] as const).map((fact) => ({
        label: `privacy.data.${fact}Label`,
        key: `privacy.data.${key}.${fact}`,
      })),
    },
  ],
});

/**
 * The lead ledger (issue 31, decision 071): what a sales contact records, why, for how long
 * (LEADS_RETENTION_DAYS), and the click identifiers only where the advertising consent names their
 * recipient (decision 079): Google's with GTM or Google Ads' file, Meta's with the Pixel or its API.
 */
const salesContacts = (to: { google: boolean; meta: boolean }, experiments = false): Part => {
  const advertising = to.google || to.meta;
  const clicks = { clicks: advertising ? "yes" : "no" };
  const ids = { ids: to.google ? (to.meta ? "both" : "google") : "meta" };
  return {
    id: "dados-vendas",
    title: "privacy.data.sales.title",
    blocks: [
      { text: "privacy.data.sales.what" },
      ...(advertising ? [{ text: "privacy.data.sales.clicks", args: ids }] : []),
      { text: "privacy.data.sales.code" },
      // Only with an experiment declared (issue 37): the version seen is recorded with the contact.
      ...(experiments ? [{ text: "privacy.data.sales.experiments" }] : []),
      {
        facts: (["purpose", "basis", "retention"] as const).map((fact) => ({
          label: `privacy.data.${fact}Label`,
          key: `privacy.data.sales.${fact}`,
          args: clicks,
        })),
      },
    ],
  };
};

export function privacyOutline(settings: PageSettings): LegalOutline {
  const m = settings.measurement;
  const facts = measurementFacts(m);
  const { measured, asks } = facts;
  // The banner asks also for a conversion recipient alone (decision 079): the choice is stored then too.
  const stored = consentTools(m, settings.conversions).length > 0;
  const measurement = measurementPart(m, facts);
  const conversions = conversionsPart(settings.conversions);
  const parts: Part[] = [
    {
      id: "controlador",
      title: "privacy.controller.title",
      blocks: [{ text: "common.provider" }, { text: "privacy.controller.contact" }],
    },
    {
      id: "encarregado",
      title: "privacy.dpo.title",
      blocks: [
        { text: "privacy.dpo.text" },
        {
          facts: [
            // Without DPO_NAME the page names the role (decisions 017, 026); production warns.
            { label: "privacy.dpo.nameLabel", value: settings.dpoName ?? legal("privacy.dpo.nameUnset") },
            { label: "privacy.dpo.emailLabel", email: settings.dpoEmail },
          ],
        },
      ],
    },
    {
      id: "dados",
      title: "privacy.data.title",
      blocks: [{ text: "privacy.data.intro" }],
      parts: [
        dataCategory("dados-cadastro", "account"),
        dataCategory("dados-cobranca", "billing"),
        dataCategory("dados-uso", "usage"),
        dataCategory("dados-dispositivo", "device"),
        dataCategory("dados-conversas", "conversations"),
        dataCategory("dados-site", "site", measured),
        salesContacts(adRecipients(m, settings.conversions), settings.experiments),
      ],
    },
    {
      id: "controlador-e-operador",
      title: "privacy.roles.title",
      blocks: [{ text: "privacy.roles.controller" }, { text: "privacy.roles.operator" }],
    },
    {
      id: "compartilhamento",
      title: "privacy.sharing.title",
      blocks: [
        { text: "privacy.sharing.intro" },
        {
          list: [
            "privacy.sharing.hosting",
            "privacy.sharing.whatsapp",
            "privacy.sharing.ai",
            "privacy.sharing.payment",
            "privacy.sharing.authorities",
            ...(measured ? ["privacy.sharing.measurement"] : []),
            ...(conversions ? ["privacy.sharing.conversions"] : []),
          ],
        },
        { text: "privacy.sharing.list" },
      ],
    },
    {
      id: "transferencia-internacional",
      title: "privacy.transfer.title",
      blocks: [
        { text: "privacy.transfer.text" },
        ...(asks || facts.plausibleHosted
          ? [
              {
                text: "privacy.transfer.measurement",
                args: { who: facts.who, plausible: facts.plausibleHosted ? "yes" : "no" },
              },
            ]
          : []),
        ...(conversions ? [{ text: "privacy.transfer.conversions" }] : []),
      ],
    },
    {
      id: "retencao",
      title: "privacy.retention.title",
      blocks: [{ text: "privacy.retention.text" }, { text: "privacy.retention.end" }],
    },
    {
      id: "direitos",
      title: "privacy.rights.title",
      blocks: [
        { text: "privacy.rights.intro" },
        {
          list: [
            "privacy.rights.confirmation",
            "privacy.rights.access",
            "privacy.rights.correction",
            "privacy.rights.anonymisation",
            "privacy.rights.portability",
            "privacy.rights.deletion",
            "privacy.rights.sharing",
            "privacy.rights.consentInfo",
            "privacy.rights.revoke",
            "privacy.rights.opposition",
            "privacy.rights.automated",
          ],
        },
      ],
      parts: [
        {
          id: "como-exercer",
          title: "privacy.rights.howTitle",
          blocks: [
            { text: "privacy.rights.how" },
            { text: "privacy.rights.deadline" },
            { text: "privacy.rights.conversations" },
          ],
        },
        {
          id: "anpd",
          title: "privacy.anpd.title",
          blocks: [
            { text: "privacy.anpd.text", link: { href: "https://www.gov.br/anpd", label: "privacy.anpd.link" } },
          ],
        },
      ],
    },
    {
      id: "criancas",
      title: "privacy.children.title",
      blocks: [{ text: "privacy.children.text" }, { text: "privacy.children.conversations" }],
    },
    { id: "dados-sensiveis", title: "privacy.sensitive.title", blocks: [{ text: "privacy.sensitive.text" }] },
    {
      id: "seguranca",
      title: "privacy.security.title",
      blocks: [
        { text: "privacy.security.intro" },
        {
          list: [
            "privacy.security.https",
            "privacy.security.logs",
            measured ? "privacy.security.thirdPartyMeasured" : "privacy.security.thirdParty",
          ],
        },
        { text: "privacy.security.platform" },
        { text: "privacy.security.incident" },
      ],
    },
    {
      id: "navegador",
      title: "privacy.browser.title",
      blocks: [
        measured
          ? {
              text: "privacy.browser.introMeasured",
              args: { cookies: asks ? "yes" : "no", plausible: facts.plausible ? "yes" : "no" },
            }
          : // Google Ads' file alone (decision 079): no cookie, no third party, but the choice is kept.
            { text: stored ? "privacy.browser.introConsent" : "privacy.browser.intro" },
        {
          list: [
            "privacy.browser.language",
            "privacy.browser.campaign",
            ...(stored ? ["privacy.browser.consent"] : []),
          ],
        },
        measured || stored
          ? { text: "privacy.browser.controlMeasured", args: { asks: stored ? "yes" : "no" } }
          : { text: "privacy.browser.control" },
      ],
    },
    ...(measurement ? [measurement] : []),
    ...(conversions ? [conversions] : []),
    { id: "alteracoes", title: "privacy.changes.title", blocks: [{ text: "privacy.changes.text" }] },
    { id: "lei", title: "privacy.law.title", blocks: [{ text: "privacy.law.text" }] },
  ];
  return { doc: "privacy", intro: "privacy.intro", args: legalArgs(settings, facts), parts };
}
