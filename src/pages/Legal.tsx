/**
 * `/privacy` and `/terms`: static Portuguese pages (copy in locales/legal.pt.json), with the plain
 * header and footer. They load no JavaScript at all: no script, nothing hydrates (decision 029).
 *
 * Each document is data: sections (h2, with an id for the table of contents and for links such as
 * `/privacy#direitos`), optional subsections (h3) and blocks of catalogue keys. The ids are
 * Portuguese, like the pages, and are part of the public URL: keep them stable.
 */
import type { ReactNode } from "react";
import { SimpleFooter } from "../components/SimpleFooter";
import { SimpleHeader } from "../components/SimpleHeader";
import { legal, type Args } from "../content/catalogue";
import { CREDITS_PER_MESSAGE } from "../shared/plans";
import { ATTRIBUTION_KEY } from "../shared/attribution";
import { STORAGE_KEY } from "../shared/languages";
import { CONSENT_KEY, consentTools, PREFERENCES_ID, type Measurement } from "../shared/measurement";
import type { PageContext } from "./context";
import { shareableHead, type PageHead } from "./head";

export type LegalRoute = "privacy" | "terms";

/** Title, description and sharing tags, in Portuguese like the page. */
export function legalHead(ctx: PageContext, route: LegalRoute): PageHead {
  const brand = ctx.config.brandName;
  return shareableHead(ctx, {
    title: legal(`${route}.metaTitle`, { brand }),
    description: legal(`${route}.description`, { brand }),
    path: `/${route}`,
    imageAlt: ctx.t("meta.ogImageAlt", { brand }),
  });
}

type Block =
  | { text: string; args?: Args; link?: { href: string; label: string } }
  | { list: string[] }
  /** A definition list: each value is a catalogue key or, for configured values, a node. */
  | { facts: Array<{ label: string; key?: string; node?: ReactNode }> };

interface Part {
  id: string;
  title: string;
  blocks: Block[];
  parts?: Part[];
}

/** Values every legal message may use. */
function legalArgs(ctx: PageContext): Args {
  const { config } = ctx;
  return {
    brand: config.brandName,
    company: config.companyName,
    cnpj: config.companyCnpj,
    address: config.companyAddress,
    email: config.contactEmail,
    dpoEmail: config.dpoEmail,
    appHost: new URL(config.appUrl).host,
    credits: CREDITS_PER_MESSAGE,
    storageKey: STORAGE_KEY,
    attributionKey: ATTRIBUTION_KEY,
    consentKey: CONSENT_KEY,
    // Plausible's own service, or a self-hosted instance (named by its host).
    hosted: config.measurement.plausible && isPlausibleIo(config.measurement.plausible.scriptUrl) ? "yes" : "no",
    host: config.measurement.plausible ? new URL(config.measurement.plausible.scriptUrl).host : "",
  };
}

const isPlausibleIo = (url: string) => new URL(url).hostname === "plausible.io";

function Blocks({ blocks, args }: { blocks: Block[]; args: Args }) {
  return blocks.map((block, i) => {
    if ("list" in block)
      return (
        <ul key={i}>
          {block.list.map((key) => (
            <li key={key}>{legal(key, args)}</li>
          ))}
        </ul>
      );
    if ("facts" in block)
      return (
        <dl className="legal-facts" key={i}>
          {block.facts.map(({ label, key, node }) => (
            <div key={label}>
              <dt>{legal(label)}</dt>
              <dd>{key ? legal(key, args) : node}</dd>
            </div>
          ))}
        </dl>
      );
    return (
      <p key={i}>
        {legal(block.text, { ...args, ...block.args })}
        {block.link ? (
          <>
            {" "}
            <a href={block.link.href}>{legal(block.link.label)}</a>
          </>
        ) : null}
      </p>
    );
  });
}

function LegalDocument({ ctx, doc, intro, parts }: { ctx: PageContext; doc: string; intro: string; parts: Part[] }) {
  const args = legalArgs(ctx);
  return (
    <>
      <a className="skip-link" href="#main">
        {ctx.t("a11y.skip")}
      </a>
      <SimpleHeader brand={ctx.config.brandName} homeLabel={ctx.t("header.homePage", args)} homeHref="/" />
      <main id="main" className="legal container narrow" tabIndex={-1}>
        <h1>{legal(`${doc}.title`)}</h1>
        <p className="legal-updated">{legal("common.lastUpdated", { date: ctx.today.ptBr })}</p>
        <p>{legal(intro, args)}</p>
        <nav className="legal-toc" aria-labelledby="sumario">
          <h2 id="sumario">{legal("common.tocLabel")}</h2>
          <ol>
            {parts.map((part) => (
              <li key={part.id}>
                <a href={`#${part.id}`}>{legal(part.title, args)}</a>
              </li>
            ))}
          </ol>
        </nav>
        {parts.map((part) => (
          <section key={part.id} aria-labelledby={part.id}>
            <h2 id={part.id}>{legal(part.title, args)}</h2>
            <Blocks blocks={part.blocks} args={args} />
            {part.parts?.map((sub) => (
              <section key={sub.id} aria-labelledby={sub.id}>
                <h3 id={sub.id}>{legal(sub.title, args)}</h3>
                <Blocks blocks={sub.blocks} args={args} />
              </section>
            ))}
          </section>
        ))}
        <p>{legal("common.contact", args)}</p>
        <p>
          <a href="/">{legal("common.back")}</a>
        </p>
      </main>
      <SimpleFooter ctx={ctx} />
    </>
  );
}

/** One kind of data: what it is, then purpose, legal basis and what decides how long it is kept. */
const dataCategory = (id: string, key: string): Part => ({
  id,
  title: `privacy.data.${key}.title`,
  blocks: [
    { text: `privacy.data.${key}.what` },
    {
      facts: (["purpose", "basis", "retention"] as const).map((fact) => ({
        label: `privacy.data.${fact}Label`,
        key: `privacy.data.${key}.${fact}`,
      })),
    },
  ],
});

/** "Visitantes deste site" with a tool configured: one more paragraph pointing to the tools. */
function siteMeasured(): Part {
  const part = dataCategory("dados-site", "site");
  return { ...part, blocks: [part.blocks[0], { text: "privacy.data.site.measured" }, ...part.blocks.slice(1)] };
}

/** One measurement tool: provider, what it collects, purpose, basis, transfer, cookies, retention. */
const tool = (id: string, key: string, provider: string, transfer: string): Part => ({
  id,
  title: `privacy.measurement.${key}.title`,
  blocks: [
    {
      facts: [
        { label: "privacy.measurement.providerLabel", key: provider },
        { label: "privacy.measurement.collectsLabel", key: `privacy.measurement.${key}.collects` },
        { label: "privacy.data.purposeLabel", key: `privacy.measurement.${key}.purpose` },
        { label: "privacy.data.basisLabel", key: `privacy.measurement.${key}.basis` },
        { label: "privacy.measurement.transferLabel", key: transfer },
        { label: "privacy.measurement.cookiesLabel", key: `privacy.measurement.${key}.cookies` },
        { label: "privacy.measurement.retentionLabel", key: `privacy.measurement.${key}.retention` },
      ],
    },
  ],
});

/**
 * "Medição, publicidade e cookies" (decision 048): each configured tool, then how to change the
 * choice (when a tool asks for it). Null when nothing is configured: the page is as it always was.
 */
function measurementPart(m: Measurement): Part | null {
  const google = ["privacy.measurement.google.provider", "privacy.measurement.google.transfer"] as const;
  const tools = [
    m.ga4 && tool("google-analytics", "ga4", ...google),
    m.gtm && tool("google-tag-manager", "gtm", ...google),
    // The container's Google Ads tags, "advertising" (decision 048): described on their own.
    m.gtm && tool("google-ads", "ads", ...google),
    m.metaPixel &&
      tool("pixel-da-meta", "meta", "privacy.measurement.meta.provider", "privacy.measurement.meta.transfer"),
    m.plausible &&
      tool(
        "plausible",
        "plausible",
        "privacy.measurement.plausible.provider",
        "privacy.measurement.plausible.transfer",
      ),
  ].filter((p): p is Part => Boolean(p));
  if (!tools.length) return null;
  const asks = consentTools(m).length > 0;
  const choice: Part = {
    id: "mudar-a-escolha",
    title: "privacy.measurement.choice.title",
    blocks: [
      {
        text: "privacy.measurement.choice.text",
        link: { href: `/#${PREFERENCES_ID}`, label: "privacy.measurement.choice.link" },
      },
    ],
  };
  return {
    id: "medicao-e-cookies",
    title: "privacy.measurement.title",
    blocks: [{ text: "privacy.measurement.intro" }, ...(asks ? [{ text: "privacy.measurement.consent" }] : [])],
    parts: asks ? [...tools, choice] : tools,
  };
}

function privacyParts(ctx: PageContext): Part[] {
  const { config } = ctx;
  const m = config.measurement;
  const measurement = measurementPart(m);
  const asks = consentTools(m).length > 0;
  const who = m.metaPixel ? (m.ga4 || m.gtm ? "both" : "meta") : "google";
  const plausibleHosted = Boolean(m.plausible && isPlausibleIo(m.plausible.scriptUrl));
  return [
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
            { label: "privacy.dpo.nameLabel", node: config.dpoName },
            { label: "privacy.dpo.emailLabel", node: <a href={`mailto:${config.dpoEmail}`}>{config.dpoEmail}</a> },
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
        measurement ? siteMeasured() : dataCategory("dados-site", "site"),
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
            ...(measurement ? ["privacy.sharing.measurement"] : []),
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
        ...(asks || plausibleHosted
          ? [
              {
                text: "privacy.transfer.measurement",
                args: { who: asks ? who : "none", plausible: plausibleHosted ? "yes" : "no" },
              },
            ]
          : []),
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
            measurement ? "privacy.security.thirdPartyMeasured" : "privacy.security.thirdParty",
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
        measurement
          ? {
              text: "privacy.browser.introMeasured",
              args: { cookies: asks ? "yes" : "no", plausible: m.plausible ? "yes" : "no" },
            }
          : { text: "privacy.browser.intro" },
        {
          list: ["privacy.browser.language", "privacy.browser.campaign", ...(asks ? ["privacy.browser.consent"] : [])],
        },
        measurement
          ? { text: "privacy.browser.controlMeasured", args: { asks: asks ? "yes" : "no" } }
          : { text: "privacy.browser.control" },
      ],
    },
    ...(measurement ? [measurement] : []),
    { id: "alteracoes", title: "privacy.changes.title", blocks: [{ text: "privacy.changes.text" }] },
    { id: "lei", title: "privacy.law.title", blocks: [{ text: "privacy.law.text" }] },
  ];
}

const TERMS_PARTS: Part[] = [
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

export function Privacy({ ctx }: { ctx: PageContext }) {
  return <LegalDocument ctx={ctx} doc="privacy" intro="privacy.intro" parts={privacyParts(ctx)} />;
}

export function Terms({ ctx }: { ctx: PageContext }) {
  return <LegalDocument ctx={ctx} doc="terms" intro="terms.intro" parts={TERMS_PARTS} />;
}
