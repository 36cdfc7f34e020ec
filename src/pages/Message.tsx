/**
 * The 404 page and the error pages (400, 405, 500…): a title, a sentence, a way home, shortcuts to
 * the landing page's main sections, and the footer with the provider's identification. Nothing
 * hydrates.
 */
import { Icon } from "../components/Icon";
import { SimpleFooter } from "../components/SimpleFooter";
import { SimpleHeader } from "../components/SimpleHeader";
import { landingHref } from "../shared/languages";
import type { PageContext } from "../content/pageContext";
import type { PageHead } from "./head";
import type { PageDescriptor } from "./page";

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
  const brand = ctx.settings.brandName;
  return {
    title: kind === "notFound" ? ctx.t("meta.notFoundTitle", { brand }) : ctx.t("meta.errorTitle", { title, brand }),
    description: text,
    robots: "noindex",
  };
}

export function Message({ ctx, kind }: { ctx: PageContext; kind: MessageKind }) {
  const { t, settings, lang } = ctx;
  const { title, text, home } = copy(ctx, kind);
  return (
    <>
      <a className="skip-link" href="#main">
        {t("a11y.skip")}
      </a>
      <SimpleHeader
        brand={settings.brandName}
        homeLabel={t("header.homePage", { brand: settings.brandName })}
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

/** The 404 page and the error pages: no path of their own (any path, in its language), no JavaScript. */
export const messagePage = (kind: MessageKind): PageDescriptor => ({
  name: kind,
  paths: {},
  adPage: null,
  loadsMeasurement: false,
  styles: "message",
  head: (ctx) => messageHead(ctx, kind),
  render: (ctx) => <Message ctx={ctx} kind={kind} />,
});
