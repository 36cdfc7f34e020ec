/**
 * The landing page's static sections: plain server HTML, no JavaScript. Interactive parts are
 * islands (src/islands/); the FAQ uses native <details>, which needs none.
 */
import type { ReactNode } from "react";
import { Island } from "./Island";
import type { PageContext } from "../pages/context";
import { formatPrice } from "../server/i18n";
import { salesHref } from "../server/sales";
import { LANGUAGE_INFO, landingHref } from "../shared/languages";
import { CREDITS_PER_MESSAGE, PLANS, type Plan, type PlanId } from "../shared/plans";
import type { CalculatorQuery } from "../shared/calculator";

export const FEATURE_KEYS = [
  "ai_audio",
  "ai_image",
  "ai_pdf",
  "flows_files",
  "lead_qualification",
  "follow_up",
  "proactive_engagement",
  "delay_window",
  "conversation_history",
  "schedule",
  "whatsapp_connection",
  "contacts_management",
  "multi_whatsapp",
  "pixel_tracking",
  "mass_broadcast",
  "real_time_sales",
  "reports_dashboards",
  "security_compliance",
] as const;
const COMING_SOON = new Set<string>(["pixel_tracking", "mass_broadcast"]);

export const INDUSTRY_KEYS = [
  "odontology",
  "vehicles",
  "aesthetics",
  "commerce",
  "isp",
  "medical",
  "education",
  "delivery",
  "tourism",
  "industry",
  "accounting",
  "law",
  "bars_restaurants",
  "iphone_store",
  "real_estate",
  "gym",
  "fashion",
  "consultancy",
] as const;

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

/** A landing section: anchor id, heading (h2) with an optional lead line, then its content. */
function Section({
  id,
  title,
  subtitle,
  alt = false,
  narrow = false,
  children,
}: {
  id: string;
  title: string;
  subtitle?: string;
  alt?: boolean;
  narrow?: boolean;
  children: ReactNode;
}) {
  return (
    <section className={`section${alt ? " section-alt" : ""} reveal`} id={id} aria-labelledby={`${id}-title`}>
      <div className={`container${narrow ? " narrow" : ""}`}>
        <header className="section-head">
          <h2 id={`${id}-title`}>{title}</h2>
          {subtitle ? <p>{subtitle}</p> : null}
        </header>
        {children}
      </div>
    </section>
  );
}

export function Hero({ ctx }: { ctx: PageContext }) {
  const { t, config } = ctx;
  const brand = config.brandName;
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="container hero-grid">
        <div className="hero-copy">
          <p className="eyebrow">{t("hero.eyebrow")}</p>
          <h1 id="hero-title">{t("hero.title")}</h1>
          <p className="lead">{t("hero.subtitle")}</p>
          <div className="hero-actions">
            <a className="btn btn-primary btn-lg" href={config.appUrl}>
              {t("hero.cta")}
            </a>
            <a className="btn btn-outline btn-lg" href="#features">
              {t("hero.secondary")}
            </a>
          </div>
          <ul className="badges" aria-label={t("hero.badges.label")}>
            <li>
              <span className="dot" aria-hidden="true"></span>
              {t("hero.badges.online")}
            </li>
            <li>{t("hero.badges.ai")}</li>
            <li>{t("hero.badges.whatsapp")}</li>
            <li>{t("hero.badges.multiuser")}</li>
          </ul>
        </div>
        <figure className="chat" aria-labelledby="chat-title">
          <figcaption className="chat-head" id="chat-title">
            <span className="chat-avatar" aria-hidden="true">
              {brand.slice(0, 1)}
            </span>
            <span>
              <span className="chat-name">{t("hero.chat.aiName", { brand })}</span>
              <span className="chat-status">{t("hero.chat.status")}</span>
            </span>
            <span className="visually-hidden">: {t("hero.chat.label")}</span>
          </figcaption>
          <ol className="chat-body">
            <li className="msg msg-in">
              <span className="visually-hidden">{t("hero.chat.aiName", { brand })}: </span>
              {t("hero.chat.greeting")}
            </li>
            <li className="msg msg-out">
              <span className="visually-hidden">{t("hero.chat.userName")}: </span>
              {t("hero.chat.question")}
            </li>
            <li className="msg msg-in">
              <span className="visually-hidden">{t("hero.chat.aiName", { brand })}: </span>
              {t("hero.chat.answer")}
            </li>
          </ol>
        </figure>
      </div>
    </section>
  );
}

export function Features({ ctx }: { ctx: PageContext }) {
  const { t } = ctx;
  return (
    <Section id="features" title={t("features.title")} subtitle={t("features.subtitle")}>
      <ul className="feature-grid">
        {FEATURE_KEYS.map((key) => (
          <li className="feature" key={key}>
            <h3>
              {t(`features.${key}.name`)}
              {COMING_SOON.has(key) ? <span className="tag">{t("features.soon")}</span> : null}
            </h3>
            <p>{t(`features.${key}.description`)}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}

export function Industries({ ctx }: { ctx: PageContext }) {
  const { t } = ctx;
  return (
    <Section id="industries" title={t("industries.title")} subtitle={t("industries.subtitle")} alt>
      <ul className="industry-grid">
        {INDUSTRY_KEYS.map((key) => (
          <li key={key}>{t(`industries.${key}`)}</li>
        ))}
      </ul>
      <p className="industries-more">{t("industries.more")}</p>
    </Section>
  );
}

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
  const enterprise = PLANS.find((p) => p.id === "enterprise")!;
  /** Enterprise talks to sales (WhatsApp or e-mail); every other plan starts in the application. */
  const planHref = (plan: Plan) => (plan === enterprise ? salesHref(config, lang, plan.name) : config.appUrl);
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
            <a className={`btn ${plan.popular ? "btn-primary" : "btn-secondary"} plan-cta`} href={planHref(plan)}>
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
            action: landingHref(lang, "#pricing"),
            locale: LANGUAGE_INFO[lang].numberLocale,
            initial: calculatorQuery,
            ctaHref: config.appUrl,
            salesHref: planHref(enterprise),
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
            </summary>
            <p>{t(`faq.${key}.a`, args)}</p>
          </details>
        ))}
      </div>
      <div className="faq-cta">
        <a className="btn btn-primary btn-lg" href={config.appUrl}>
          {t("faq.cta")}
        </a>
        <p className="tagline">{t("faq.tagline")}</p>
      </div>
    </Section>
  );
}
