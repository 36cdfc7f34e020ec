/** The landing FAQ: native <details>, which needs no JavaScript, then a last call to action. */
import type { PageContext } from "../../pages/context";
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

export function Faq({ ctx }: { ctx: PageContext }) {
  const { t, config } = ctx;
  const args = { brand: config.brandName, email: config.contactEmail, credits: CREDITS_PER_MESSAGE };
  return (
    <Section id="faq" title={t("faq.title")} alt narrow>
      <div className="faq-list">
        {FAQ_KEYS.map((key) => (
          <details className="faq-item" key={key}>
            <summary>
              <span>{t(`faq.${key}.q`, args)}</span>
              <Icon sprite={ctx.sprite} name="chevronDown" />
            </summary>
            <p>{t(`faq.${key}.a`, args)}</p>
          </details>
        ))}
      </div>
      <div className="faq-cta">
        <a className="btn btn-primary btn-lg" href={config.appUrl}>
          {t("faq.cta")}
          <Icon sprite={ctx.sprite} name="arrowRight" />
        </a>
        <p className="tagline">{t("faq.tagline")}</p>
      </div>
    </Section>
  );
}
