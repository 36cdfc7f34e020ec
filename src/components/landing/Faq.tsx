/**
 * The FAQ: native <details>, which needs no JavaScript, then a last call to action. A segment page
 * puts its own questions before the general ones and a sentence of its own above the button. The
 * data question ends with where the conversations go (the AI model providers, linked to the privacy
 * page); the Enterprise answer links to sales through `/sales`, like every sales link (decision 069).
 */
import type { PageContext } from "../../content/pageContext";
import { LEGAL_LANG } from "../../content/catalogue";
import { salesHref } from "../../content/sales";
import { LANGUAGE_INFO } from "../../shared/languages";
import { CREDITS_PER_MESSAGE } from "../../shared/plans";
import { Icon } from "../Icon";
import { Section } from "./Section";

export const FAQ_KEYS = [
  "crm",
  "credits",
  "followUp",
  "free",
  "connection",
  "accounts",
  "contract",
  "enterprise",
  "data",
  "members",
  "support",
] as const;

/** A text with one link inside: the catalogue's sentence split around its placeholder. */
export interface Linked {
  before: string;
  link: string;
  href: string;
  after: string;
}

export interface Question {
  q: string;
  /** The answer, plain or with one link (the Enterprise answer's link to sales). */
  a: string | Linked;
  /** A closing paragraph with a link to the privacy page (the data questions). */
  privacy?: Linked;
}

/** Where the privacy page says who receives the conversations (its sharing section). */
export const AI_PROVIDERS_HREF = "/privacy#compartilhamento";

const MARK = "\u0001";

/** A catalogue text with one `{name}` placeholder, split around the link that replaces it. */
export function linked(
  t: PageContext["t"],
  key: string,
  name: string,
  link: string,
  href: string,
  args: Record<string, string | number> = {},
): Linked {
  const [before, after = ""] = t(key, { ...args, [name]: MARK }).split(MARK);
  return { before, link, href, after };
}

/** The sentence on AI model providers (`segment.aiProviders`), linked to the privacy page. */
export const aiProviders = (t: PageContext["t"]): Linked =>
  linked(t, "segment.aiProviders", "privacy", t("footer.privacy"), AI_PROVIDERS_HREF);

/** A link to the privacy page (Portuguese only) names its language for a page in another. */
function LinkedText({ ctx, text }: { ctx: PageContext; text: Linked }) {
  const legal = text.href.startsWith("/privacy");
  return (
    <>
      {text.before}
      <a href={text.href} hrefLang={!legal || ctx.lang === LEGAL_LANG ? undefined : LANGUAGE_INFO[LEGAL_LANG].htmlLang}>
        {text.link}
      </a>
      {text.after}
    </>
  );
}

/** One question, closed until the visitor opens it. */
export function FaqItem({ ctx, question }: { ctx: PageContext; question: Question }) {
  return (
    <details className="faq-item">
      <summary>
        <span>{question.q}</span>
        <Icon sprite={ctx.sprite} name="chevronDown" />
      </summary>
      <p>{typeof question.a === "string" ? question.a : <LinkedText ctx={ctx} text={question.a} />}</p>
      {question.privacy ? (
        <p>
          <LinkedText ctx={ctx} text={question.privacy} />
        </p>
      ) : null}
    </details>
  );
}

export function Faq({ ctx, own = [], closing }: { ctx: PageContext; own?: Question[]; closing?: string }) {
  const { t, settings } = ctx;
  const args = { brand: settings.brandName, email: settings.contactEmail, credits: CREDITS_PER_MESSAGE };
  // A sensitive-data page's own data question already ends with the providers' sentence.
  const disclosed = own.some((question) => question.privacy);
  const general = FAQ_KEYS.map((key): Question => ({
    q: t(`faq.${key}.q`, args),
    a:
      key === "enterprise"
        ? linked(
            t,
            "faq.enterprise.a",
            "sales",
            t("faq.enterprise.link"),
            salesHref(settings, ctx.lang, "enterprise", ctx.ref, ctx.xa),
            args,
          )
        : t(`faq.${key}.a`, args),
    ...(key === "data" && !disclosed ? { privacy: aiProviders(t) } : {}),
  }));
  return (
    <Section id="faq" title={t("faq.title")} alt narrow>
      <div className="faq-list">
        {[...own, ...general].map((question) => (
          <FaqItem ctx={ctx} question={question} key={question.q} />
        ))}
      </div>
      <div className="faq-cta">
        {closing ? <p className="faq-closing">{closing}</p> : null}
        <a className="btn btn-primary btn-lg" href={ctx.appHref}>
          {t("faq.cta")}
          <Icon sprite={ctx.sprite} name="arrowRight" />
        </a>
        <p className="tagline">{t("faq.tagline")}</p>
      </div>
    </Section>
  );
}
