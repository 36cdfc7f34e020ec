/**
 * The FAQ: native <details>, which needs no JavaScript, then a last call to action. A segment page
 * puts its own questions before the general ones and a sentence of its own above the button.
 */
import type { PageContext } from "../../content/pageContext";
import { LEGAL_LANG } from "../../content/catalogue";
import { LANGUAGE_INFO } from "../../shared/languages";
import { CREDITS_PER_MESSAGE } from "../../shared/plans";
import { Icon } from "../Icon";
import { Section } from "./Section";

export const FAQ_KEYS = [
  "crm",
  "credits",
  "howMany",
  "followUp",
  "free",
  "connection",
  "accounts",
  "lines",
  "contract",
  "enterprise",
  "data",
  "members",
  "support",
] as const;

export interface Question {
  q: string;
  a: string;
  /** A closing paragraph with a link to the privacy page (a sensitive-data page's data question). */
  privacy?: { before: string; link: string; href: string; after: string };
}

/** One question, closed until the visitor opens it. */
export function FaqItem({ ctx, question }: { ctx: PageContext; question: Question }) {
  return (
    <details className="faq-item">
      <summary>
        <span>{question.q}</span>
        <Icon sprite={ctx.sprite} name="chevronDown" />
      </summary>
      <p>{question.a}</p>
      {question.privacy ? (
        <p>
          {question.privacy.before}
          <a
            href={question.privacy.href}
            hrefLang={ctx.lang === LEGAL_LANG ? undefined : LANGUAGE_INFO[LEGAL_LANG].htmlLang}
          >
            {question.privacy.link}
          </a>
          {question.privacy.after}
        </p>
      ) : null}
    </details>
  );
}

export function Faq({ ctx, own = [], closing }: { ctx: PageContext; own?: Question[]; closing?: string }) {
  const { t, settings } = ctx;
  const args = { brand: settings.brandName, email: settings.contactEmail, credits: CREDITS_PER_MESSAGE };
  const general = FAQ_KEYS.map((key) => ({ q: t(`faq.${key}.q`, args), a: t(`faq.${key}.a`, args) }));
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
