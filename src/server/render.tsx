/**
 * Turns a route, a language and a date into a finished HTML document. Pure: the same inputs give
 * the same bytes, which is what lets the page cache keep one copy per (route, language, day).
 * Each page brings its head metadata from beside its component (src/pages/head.ts); this file only
 * assembles it with the body, the inline CSS and the scripts.
 */
import { renderToString } from "react-dom/server";
import { renderDocument, type DocumentOptions } from "../../views/document";
import type { StylePage } from "../../views/styles";
import type { PageContext } from "../pages/context";
import { calculatorProps, type CalculatorBaseProps } from "../components/landing/Pricing";
import { renderCalculatorIsland } from "./calculatorTemplate";
import { Landing, landingHead } from "../pages/Landing";
import { legalHead, Privacy, Terms, type LegalRoute } from "../pages/Legal";
import { Message, messageHead, type MessageKind } from "../pages/Message";
import { LANGUAGE_INFO, type Lang } from "../shared/languages";
import type { CalculatorQuery } from "../shared/calculator";
import type { Assets } from "./assets";
import type { PageSettings } from "../content/site";
import type { Today } from "../content/dates";
import { translator } from "../content/catalogue";
import { consentTools, DEFAULT_PLAUSIBLE_SCRIPT_URL } from "../shared/measurement";

export type { MessageKind };

export interface RenderInput {
  /** The page settings only (decision 050): what pages show, never the server's. */
  config: PageSettings;
  assets: Assets;
  lang: Lang;
  today: Today;
}

function context({ config, assets, lang, today }: RenderInput): PageContext {
  return { config, lang, today, t: translator(lang), sprite: assets.sprite };
}

/**
 * The document: the page's own head metadata and body, in the shell with the inline CSS of its
 * kind of page (only the partials it uses, decision 037) and any `extraCss` after it.
 */
function shell(
  input: RenderInput,
  styles: StylePage,
  o: Omit<DocumentOptions, "css" | "htmlLang">,
  extraCss = "",
): string {
  const css = input.assets.css[styles] + extraCss;
  return renderDocument({ ...o, htmlLang: LANGUAGE_INFO[input.lang].htmlLang, css });
}

/**
 * The measurement settings the client entry reads from its own tag (decision 047), none when
 * nothing is configured: the ids, Plausible's domain and script, and the tags' loader it imports
 * after consent. Only the landing pages carry them (the others load no script).
 */
function measurementData({ config, assets }: RenderInput): Array<[string, string]> {
  const m = config.measurement;
  const data: Array<[string, string | null | false]> = [
    ["ga4", m.ga4],
    ["gtm", m.gtm],
    ["meta", m.metaPixel],
    ["plausible", m.plausible?.domain ?? null],
    // Plausible's own script is the client's default: its URL is spent only when it differs.
    ["plausible-src", m.plausible?.scriptUrl !== DEFAULT_PLAUSIBLE_SCRIPT_URL && (m.plausible?.scriptUrl ?? null)],
    ["tags", consentTools(m).length > 0 && assets.tagsScript],
    ["consent-version", consentTools(m).length > 0 && (m.consentRevision ?? null)],
  ];
  return data.filter((d): d is [string, string] => Boolean(d[1]));
}

/**
 * The landing page is the only one with JavaScript: the client entry (islands on demand, campaign
 * attribution for its APP_URL links, named in `data-app-url`) and, in Portuguese, the head snippet
 * for returning visitors. The legal, 404 and error pages ship none (decision 029): they have no
 * island and no APP_URL link, and a campaign kept in the session reaches the landing page's links
 * when the visitor comes back to it.
 */
export function renderLanding(input: RenderInput, calculatorQuery: CalculatorQuery = {}): string {
  const ctx = context(input);
  // The banner's CSS only where the banner can show (decision 045): nothing configured, not a byte more.
  const consentCss = consentTools(input.config.measurement).length ? input.assets.css.consent : "";
  return shell(
    input,
    "landing",
    {
      ...landingHead(ctx),
      headScript: ctx.lang === "pt" ? input.assets.headScript : undefined,
      body: renderToString(<Landing ctx={ctx} calculatorQuery={calculatorQuery} />),
      // The measured entry only when a tool is configured: none, and the entry is the plain one (decision 044).
      mainScript: measurementData(input).length ? input.assets.measuredScript : input.assets.mainScript,
      islandsScript: input.assets.islandsScript,
      scriptData: measurementData(input),
      appUrl: input.config.appUrl,
    },
    consentCss,
  );
}

/**
 * The calculator island alone, byte for byte as renderLanding() places it for `calculatorQuery`:
 * the part of the cached landing page a calculator answer replaces (pageSender.ts, decision 040).
 */
export function renderCalculator(input: RenderInput, calculatorQuery: CalculatorQuery): string {
  let byLang = calculatorPropsMemo.get(input.config);
  if (!byLang) calculatorPropsMemo.set(input.config, (byLang = new Map()));
  let props = byLang.get(input.lang);
  if (!props) byLang.set(input.lang, (props = calculatorProps(context(input))));
  return renderCalculatorIsland(props, calculatorQuery);
}

/** The island's props but the answer depend only on the settings and the language: built once each. */
const calculatorPropsMemo = new WeakMap<PageSettings, Map<Lang, CalculatorBaseProps>>();

/** The legal pages exist in Portuguese only, whatever language was asked for. */
export function renderLegal(input: RenderInput, route: LegalRoute): string {
  const pt: RenderInput = { ...input, lang: "pt" };
  const ctx = context(pt);
  const Page = route === "privacy" ? Privacy : Terms;
  return shell(pt, "legal", { ...legalHead(ctx, route), body: renderToString(<Page ctx={ctx} />) });
}

export function renderMessage(input: RenderInput, kind: MessageKind): string {
  const ctx = context(input);
  return shell(input, "message", {
    ...messageHead(ctx, kind),
    body: renderToString(<Message ctx={ctx} kind={kind} />),
  });
}
