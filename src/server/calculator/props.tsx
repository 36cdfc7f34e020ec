/**
 * The calculator island's props and its server render, once (issue 29): the same props object
 * for a page's island and for every answer on that page (answers.ts), built once per settings,
 * language and page reference and kept, so the daily cut always finds in the page the island its
 * answers replace.
 */
import { renderToString } from "react-dom/server";
import { Island } from "../../components/Island";
import type { CalculatorProps } from "../../islands/Calculator";
import { formatPrice, translator } from "../../content/catalogue";
import { salesHref } from "../../content/sales";
import type { PageSettings } from "../../content/site";
import { withSourceRef } from "../../content/source";
import { LANGUAGE_INFO, type Lang } from "../../shared/languages";
import { PLANS, type PlanId } from "../../shared/plans";
import type { CalculatorQuery } from "../../shared/calculator";

/** What the calculator island is given besides the answer: the same for every answer on a page. */
export type CalculatorBaseProps = Omit<CalculatorProps, "initial">;

/** The island's props but the answer, from the settings, the language and the page's reference. */
function build(settings: PageSettings, lang: Lang, ref: string | null, xa: string | null): CalculatorBaseProps {
  const t = translator(lang);
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
    // island is the same on every page of a language and reference (one set of answer templates).
    action: "#pricing",
    locale: LANGUAGE_INFO[lang].numberLocale,
    // The application and sales carry the page's reference, if it has one (decision 056).
    ctaHref: withSourceRef(settings.appUrl, ref),
    salesHref: salesHref(settings, lang, enterprise.id, ref, xa),
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
    // Only on an arm's page: every other page's island (and its bytes) as without experiments.
    ...(xa ? { xa } : {}),
  };
}

const built = new WeakMap<PageSettings, Map<string, CalculatorBaseProps>>();

/** The island's props but the answer for these settings, language and page reference: built once, then kept. */
export function calculatorProps(
  settings: PageSettings,
  lang: Lang,
  ref: string | null,
  xa: string | null = null,
): CalculatorBaseProps {
  let bySettings = built.get(settings);
  if (!bySettings) built.set(settings, (bySettings = new Map()));
  const id = `${lang} ${ref ?? ""} ${xa ?? ""}`;
  let props = bySettings.get(id);
  if (!props) bySettings.set(id, (props = build(settings, lang, ref, xa)));
  return props;
}

/** The island's props for an answer, in the order its JSON lists them (an absent field is left out). */
export function calculatorIslandProps(props: CalculatorBaseProps, query: CalculatorQuery): CalculatorProps {
  const { action, locale, ...rest } = props;
  return { action, locale, initial: { leads: query.leads, interactions: query.interactions }, ...rest };
}

/**
 * The calculator island, its root and its props: the one part of an ad's page a calculator answer
 * (`?leads=&interactions=`) changes. It takes nothing but its props and the answer.
 */
export function CalculatorIsland({ props, query }: { props: CalculatorBaseProps; query: CalculatorQuery }) {
  return <Island name="calculator" props={calculatorIslandProps(props, query)} />;
}

/** The island for an answer as React renders it (what the templates must give, islandTemplate.tsx). */
export const renderIsland = (props: CalculatorBaseProps, query: CalculatorQuery): string =>
  renderToString(<CalculatorIsland props={props} query={query} />);
