/**
 * The pricing of an ad's page: plan cards (server HTML) and the calculator island, which the
 * server renders (src/server/calculator/) and hands in as `ctx.calculator`.
 */
import type { PageContext } from "../../content/pageContext";
import { priceParts } from "../../content/catalogue";
import { Icon } from "../Icon";
import { salesHref } from "../../content/sales";
import { CREDITS_PER_MESSAGE, PLANS, type Plan } from "../../shared/plans";
import { Section } from "./Section";

/** Messages a number of credits buys (each AI-processed message costs CREDITS_PER_MESSAGE). */
const messagesFor = (credits: number) => Math.floor(credits / CREDITS_PER_MESSAGE);

interface Line {
  text: string;
  /** A second, quieter line: what the figure means in messages. */
  sub?: string;
}

/**
 * The lines of a plan card, all from its figures. Every plan after the first starts with "everything
 * in <previous>, plus:" and lists only its own figures and what it adds (the first paid plan: the
 * paid features), so that a visitor sees what each plan adds over the previous one and every card's
 * list starts at the same height.
 */
function planLines(ctx: PageContext, plan: Plan, previous: Plan | undefined): Line[] {
  const { t } = ctx;
  const lines: Line[] = [
    plan.credits === null
      ? { text: t("plans.messagesUnlimited") }
      : {
          text: t("plans.credits", { credits: plan.credits }),
          sub: t("plans.messagesApprox", { messages: messagesFor(plan.credits) }),
        },
    {
      text:
        plan.connections === null
          ? t("plans.connectionsUnlimited")
          : t("plans.connections", { count: plan.connections }),
    },
  ];
  if (plan.pixels === "soon") lines.push({ text: t("plans.pixelsSoon") });
  else if (plan.pixels === null) lines.push({ text: t("plans.pixelsUnlimited") });
  else if (typeof plan.pixels === "number") lines.push({ text: t("plans.pixels", { count: plan.pixels }) });
  if (plan.priceBrl !== 0 && (previous === undefined || previous.priceBrl === 0))
    lines.push({ text: t("plans.paid.followUp") }, { text: t("plans.paid.files") }, { text: t("plans.paid.memory") });
  if (plan.id === "enterprise")
    lines.push(
      { text: t("plans.enterpriseExtras.dashboards") },
      { text: t("plans.enterpriseExtras.sla") },
      { text: t("plans.enterpriseExtras.support") },
    );
  return lines;
}

/**
 * Enterprise talks to sales (WhatsApp or e-mail); every other plan starts in the application. Both
 * carry the page's reference, if it has one (decision 056).
 */
function planHref(ctx: PageContext, plan: Plan): string {
  return plan.id === "enterprise" ? salesHref(ctx.settings, ctx.lang, plan.id, ctx.ref, ctx.xa) : ctx.appHref;
}

function PlanCard({ ctx, plan, previous }: { ctx: PageContext; plan: Plan; previous?: Plan }) {
  const { t, lang, sprite } = ctx;
  const price = priceParts(lang, plan);
  return (
    <li className={`plan plan-${plan.id}${plan.popular ? " plan-popular" : ""}`}>
      <div className="plan-head">
        <h3 className="plan-name">{plan.name}</h3>
        {plan.popular ? <p className="plan-badge">{t("plans.popular")}</p> : null}
        <p className="plan-price">
          {price.before}
          <strong>{price.amount}</strong>
          {price.after}
        </p>
        <p className="plan-desc">{t(`plans.${plan.id}.description`)}</p>
        <a className={`btn ${plan.popular ? "btn-primary" : "btn-secondary"} plan-cta`} href={planHref(ctx, plan)}>
          {t(`plans.${plan.id}.cta`)}
        </a>
      </div>
      <div className="plan-body">
        {previous ? <p className="plan-inherits">{t("plans.everything", { plan: previous.name })}</p> : null}
        <ul className="plan-lines">
          {planLines(ctx, plan, previous).map((line) => (
            <li key={line.text}>
              <Icon sprite={sprite} name="check" />
              <span>
                {line.text}
                {line.sub ? <small>{line.sub}</small> : null}
              </span>
            </li>
          ))}
        </ul>
      </div>
    </li>
  );
}

export function Pricing({ ctx }: { ctx: PageContext }) {
  const { t, sprite } = ctx;
  // The credits note's example: the first paid plan's credits, in messages.
  const example = PLANS.find((p) => p.priceBrl && p.credits)!;
  return (
    <Section id="pricing" title={t("pricing.title")} subtitle={t("pricing.subtitle")}>
      <ul className="plan-grid" aria-label={t("plans.listLabel")}>
        {PLANS.map((plan, i) => (
          <PlanCard ctx={ctx} plan={plan} previous={PLANS[i - 1]} key={plan.id} />
        ))}
      </ul>
      <p className="pricing-note">
        <Icon sprite={sprite} name="coins" />
        <span>
          <strong>
            {t("pricing.creditsExample", {
              credits: example.credits,
              plan: example.name,
              messages: messagesFor(example.credits!),
            })}
          </strong>{" "}
          {t("pricing.creditsNote", { credits: CREDITS_PER_MESSAGE })}
        </span>
      </p>
      <section className="calculator" id="calculator" aria-labelledby="calculator-title">
        <div className="calc-intro">
          <h3 id="calculator-title">{t("calculator.title")}</h3>
          <p>{t("calculator.intro")}</p>
        </div>
        {ctx.calculator}
      </section>
    </Section>
  );
}
