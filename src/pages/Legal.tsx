/**
 * `/privacy` and `/terms`: static Portuguese pages (copy in locales/legal.pt.json), with the plain
 * header and footer. They load no JavaScript at all: no script, nothing hydrates (decision 029).
 *
 * This file only renders: what each page says, for each configuration, is content
 * (src/content/legal/privacy.ts and terms.ts, decision 050), an outline of sections and blocks of
 * catalogue keys.
 */
import { SimpleFooter } from "../components/SimpleFooter";
import { SimpleHeader } from "../components/SimpleHeader";
import { legal, type Args } from "../content/catalogue";
import type { Block, LegalOutline, Part } from "../content/legal/outline";
import { privacyOutline } from "../content/legal/privacy";
import { termsOutline } from "../content/legal/terms";
import type { PageContext } from "../content/pageContext";
import { shareableHead, type PageHead } from "./head";
import type { PageDescriptor } from "./page";

export type LegalRoute = "privacy" | "terms";

/** Title, description and sharing tags, in Portuguese like the page. */
export function legalHead(ctx: PageContext, route: LegalRoute): PageHead {
  const brand = ctx.settings.brandName;
  return shareableHead(ctx, {
    title: legal(`${route}.metaTitle`, { brand }),
    description: legal(`${route}.description`, { brand }),
    path: `/${route}`,
    imageAlt: ctx.t("meta.ogImageAlt", { brand }),
  });
}

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
          {block.facts.map((fact) => (
            <div key={fact.label}>
              <dt>{legal(fact.label)}</dt>
              <dd>
                {"key" in fact ? (
                  legal(fact.key, args)
                ) : "email" in fact ? (
                  <a href={`mailto:${fact.email}`}>{fact.email}</a>
                ) : (
                  fact.value
                )}
              </dd>
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

function Section({ part, args, level }: { part: Part; args: Args; level: 2 | 3 }) {
  const Heading = level === 2 ? "h2" : "h3";
  return (
    <section aria-labelledby={part.id}>
      <Heading id={part.id}>{legal(part.title, args)}</Heading>
      <Blocks blocks={part.blocks} args={args} />
      {part.parts?.map((sub) => (
        <Section key={sub.id} part={sub} args={args} level={3} />
      ))}
    </section>
  );
}

function LegalDocument({ ctx, outline }: { ctx: PageContext; outline: LegalOutline }) {
  const { doc, intro, args, parts } = outline;
  return (
    <>
      <a className="skip-link" href="#main">
        {ctx.t("a11y.skip")}
      </a>
      <SimpleHeader brand={ctx.settings.brandName} homeLabel={ctx.t("header.homePage", args)} homeHref="/" />
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
          <Section key={part.id} part={part} args={args} level={2} />
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

const OUTLINES: Record<LegalRoute, (settings: PageContext["settings"]) => LegalOutline> = {
  privacy: privacyOutline,
  terms: termsOutline,
};

/** `/privacy` and `/terms`: Portuguese only, no JavaScript, no measurement. */
export const legalPage = (route: LegalRoute): PageDescriptor => ({
  name: route,
  paths: { pt: `/${route}` },
  adPage: null,
  loadsMeasurement: false,
  styles: "legal",
  head: (ctx) => legalHead(ctx, route),
  render: (ctx) => <LegalDocument ctx={ctx} outline={OUTLINES[route](ctx.settings)} />,
});
