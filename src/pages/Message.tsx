/**
 * The 404 page and the error pages (400, 405, 500…): a title, a sentence, a way home, shortcuts to
 * the landing page's main sections, and the footer with the provider's identification. Nothing
 * hydrates.
 */
import { Icon } from "../components/Icon";
import { SimpleFooter } from "../components/SimpleFooter";
import { SimpleHeader } from "../components/SimpleHeader";
import { landingHref } from "../shared/languages";
import type { PageContext } from "./context";
import type { PageHead } from "./head";

/** The landing sections offered as shortcuts, with the header's names for them. */
const SHORTCUTS = ["features", "pricing", "faq"] as const;

export type MessageKind = "notFound" | "badRequest" | "methodNotAllowed" | "generic";

/** The page's heading, sentence and link text. */
function copy({ t }: PageContext, kind: MessageKind) {
  return kind === "notFound"
    ? { title: t("notFound.title"), text: t("notFound.text"), home: t("notFound.home") }
    : { title: t(`error.${kind}.title`), text: t(`error.${kind}.text`), home: t("error.home") };
}

/** Title and description from the message; never indexed. */
export function messageHead(ctx: PageContext, kind: MessageKind): PageHead {
  const { title, text } = copy(ctx, kind);
  const brand = ctx.config.brandName;
  return {
    title: kind === "notFound" ? ctx.t("meta.notFoundTitle", { brand }) : ctx.t("meta.errorTitle", { title, brand }),
    description: text,
    robots: "noindex",
  };
}

export function Message({ ctx, kind }: { ctx: PageContext; kind: MessageKind }) {
  const { t, config, lang } = ctx;
  const { title, text, home } = copy(ctx, kind);
  return (
    <>
      <a className="skip-link" href="#main">
        {t("a11y.skip")}
      </a>
      <SimpleHeader
        brand={config.brandName}
        homeLabel={t("header.homePage", { brand: config.brandName })}
        homeHref={landingHref(lang)}
      />
      <main id="main" className="message container narrow" tabIndex={-1}>
        <Icon sprite={ctx.sprite} name="messageQuestion" className="tile message-icon" />
        <h1>{title}</h1>
        <p>{text}</p>
        <p>
          <a className="btn btn-primary" href={landingHref(lang)}>
            {home}
          </a>
        </p>
        <ul className="message-links">
          {SHORTCUTS.map((key) => (
            <li key={key}>
              <a href={landingHref(lang, `#${key}`)}>{t(`header.nav.${key}`)}</a>
            </li>
          ))}
        </ul>
      </main>
      <SimpleFooter ctx={ctx} />
    </>
  );
}
