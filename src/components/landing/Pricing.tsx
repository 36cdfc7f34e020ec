/** The landing pricing: plan cards (server HTML) and the calculator island. */
import { Island } from "../Island";
import type { CalculatorProps } from "../../islands/Calculator";
import type { PageContext } from "../../pages/context";
import { formatPrice, priceParts } from "../../content/catalogue";
import { Icon } from "../Icon";
import { salesHref } from "../../content/sales";
import { LANGUAGE_INFO } from "../../shared/languages";
import { CREDITS_PER_MESSAGE, PLANS, type Plan, type PlanId } from "../../shared/plans";
import type { CalculatorQuery } from "../../shared/calculator";
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
function planHref(ctx: CalculatorContext, plan: Plan): string {
  return plan.id === "enterprise" ? salesHref(ctx.config, ctx.lang, plan.id, ctx.ref) : ctx.appHref;
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

/** What the calculator island is given besides the answer: the same for every answer of a language. */
export type CalculatorBaseProps = Omit<CalculatorProps, "initial">;

/** What the calculator depends on: the settings, the language, its catalogue and the page's reference. */
export type CalculatorContext = Pick<PageContext, "config" | "lang" | "t" | "ref" | "appHref">;

/**
 * The island's props but the answer: from the settings, the language and its catalogue, and the
 * page's reference (its links to the app and to sales carry it; decision 056).
 */
export function calculatorProps(ctx: CalculatorContext): CalculatorBaseProps {
  const { t, lang } = ctx;
  const enterprise = PLANS.find((p) => p.id === "enterprise")!;
  const plans = Object.fromEntries(
    PLANS.map((p) => [
      p.id,
      {
        name: p.name,
        price: formatPrice(lang, p),
        cta: p === enterprise ? t("plans.enterprise.cta") : t("calculator.cta", { plan: p.name }),
      },
    ]),
  ) as Record<PlanId, { name: string; price: string; cta: string }>;
  return {
    // The page itself, whichever it is (a landing or a segment page, decision 055): a GET form's
    // query replaces the page's, so the answer comes back to the page it was asked on, and the
    // island is the same on every page of a language (one set of answer templates).
    action: "#pricing",
    locale: LANGUAGE_INFO[lang].numberLocale,
    ctaHref: ctx.appHref,
    salesHref: planHref(ctx, enterprise),
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
  };
}

/**
 * The calculator island, its root and its props: the one part of the landing page a calculator
 * answer (`?leads=&interactions=`) changes. The server renders it alone per answer and puts it in
 * the cached page (src/server/answer/), so it takes nothing but its props and the answer.
 */
export function CalculatorIsland({ props, query }: { props: CalculatorBaseProps; query: CalculatorQuery }) {
  return <Island name="calculator" props={calculatorIslandProps(props, query)} />;
}

/** The island's props for an answer, in the order its JSON lists them (an absent field is left out). */
export function calculatorIslandProps(props: CalculatorBaseProps, query: CalculatorQuery): CalculatorProps {
  const { action, locale, ...rest } = props;
  return { action, locale, initial: { leads: query.leads, interactions: query.interactions }, ...rest };
}

export function Pricing({ ctx, calculatorQuery }: { ctx: PageContext; calculatorQuery: CalculatorQuery }) {
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
        <CalculatorIsland props={calculatorProps(ctx)} query={calculatorQuery} />
      </section>
    </Section>
  );
}
