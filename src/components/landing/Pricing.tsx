/** The landing pricing: plan cards (server HTML) and the calculator island. */
import { Island } from "../Island";
import type { PageContext } from "../../pages/context";
import { formatPrice } from "../../server/i18n";
import { LANGUAGE_INFO } from "../../shared/languages";
import { CREDITS_PER_MESSAGE, PLANS, type Plan, type PlanId } from "../../shared/plans";
import type { CalculatorQuery } from "../../shared/calculator";
import { Section } from "./Section";

const Check = () => (
  <svg className="check" width="18" height="18" viewBox="0 0 18 18" aria-hidden="true" focusable="false">
    <circle cx="9" cy="9" r="9" fill="currentColor" opacity=".16" />
    <path
      d="m5 9.2 2.6 2.6L13 6.4"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
    />
  </svg>
);

/** The lines under a plan's price, all from its figures. */
function planLines(ctx: PageContext, plan: Plan): string[] {
  const { t } = ctx;
  const lines = [
    plan.credits === null ? t("plans.messagesUnlimited") : t("plans.credits", { credits: plan.credits }),
    plan.connections === null ? t("plans.connectionsUnlimited") : t("plans.connections", { count: plan.connections }),
  ];
  if (plan.pixels === "soon") lines.push(t("plans.pixelsSoon"));
  else if (plan.pixels === null) lines.push(t("plans.pixelsUnlimited"));
  else if (typeof plan.pixels === "number") lines.push(t("plans.pixels", { count: plan.pixels }));
  if (plan.priceBrl !== 0) lines.push(t("plans.paid.followUp"), t("plans.paid.files"), t("plans.paid.memory"));
  if (plan.id === "enterprise")
    lines.push(
      t("plans.enterpriseExtras.dashboards"),
      t("plans.enterpriseExtras.sla"),
      t("plans.enterpriseExtras.support"),
    );
  return lines;
}

export function Pricing({ ctx, calculatorQuery }: { ctx: PageContext; calculatorQuery: CalculatorQuery }) {
  const { t, config, lang } = ctx;
  const plans = Object.fromEntries(
    PLANS.map((p) => [p.id, { name: p.name, price: formatPrice(lang, p), cta: t("calculator.cta", { plan: p.name }) }]),
  ) as Record<PlanId, { name: string; price: string; cta: string }>;
  return (
    <Section id="pricing" title={t("pricing.title")} subtitle={t("pricing.subtitle")}>
      <ul className="plan-grid" aria-label={t("plans.listLabel")}>
        {PLANS.map((plan) => (
          <li className={`plan${plan.popular ? " plan-popular" : ""}`} key={plan.id}>
            <h3 className="plan-name">{plan.name}</h3>
            {plan.popular ? <p className="plan-badge">{t("plans.popular")}</p> : null}
            <p className="plan-price">{formatPrice(lang, plan)}</p>
            <p className="plan-desc">{t(`plans.${plan.id}.description`)}</p>
            <ul className="plan-lines">
              {planLines(ctx, plan).map((line) => (
                <li key={line}>
                  <Check />
                  {line}
                </li>
              ))}
            </ul>
            <a className={`btn ${plan.popular ? "btn-primary" : "btn-secondary"} plan-cta`} href={config.appUrl}>
              {t(`plans.${plan.id}.cta`)}
            </a>
          </li>
        ))}
      </ul>
      <p className="pricing-note">{t("pricing.creditsNote", { credits: CREDITS_PER_MESSAGE })}</p>

      <section className="calculator" id="calculator" aria-labelledby="calculator-title">
        <div className="calc-intro">
          <h3 id="calculator-title">{t("calculator.title")}</h3>
          <p>{t("calculator.intro")}</p>
        </div>
        <Island
          name="calculator"
          props={{
            lang: lang === "pt" ? "" : lang,
            locale: LANGUAGE_INFO[lang].numberLocale,
            initial: calculatorQuery,
            ctaHref: config.appUrl,
            plans,
            text: {
              leads: t("calculator.leads"),
              interactions: t("calculator.interactions"),
              submit: t("calculator.submit"),
              errorLeads: t("calculator.errorLeads"),
              errorInteractions: t("calculator.errorInteractions"),
              example: t("calculator.example"),
              result: t("calculator.result"),
              messages: t("calculator.messages"),
              creditsNeeded: t("calculator.creditsNeeded"),
              recommended: t("calculator.recommended"),
              invalid: t("calculator.invalid"),
            },
          }}
        />
      </section>
    </Section>
  );
}
