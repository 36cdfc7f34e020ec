/**
 * Turns a page descriptor (src/pages/page.ts), a language, a source and a date into a finished HTML
 * document. Pure: the same inputs give the same bytes, which is what lets the page cache keep one
 * copy per cache key and day. Each page brings its head and body from beside its component; this
 * file only assembles them with the inline CSS and the scripts.
 */
import { renderToString } from "react-dom/server";
import { renderDocument, type DocumentOptions } from "../../views/document";
import type { PageContext } from "../content/pageContext";
import type { PageDescriptor } from "../pages";
import { LANGUAGE_INFO, type Lang } from "../shared/languages";
import type { Assets } from "./assets";
import { CalculatorIsland, calculatorProps } from "./calculator/props";
import type { PageSettings } from "../content/site";
import type { Today } from "../content/dates";
import { translator } from "../content/catalogue";
import { sourceRef, withSourceRef, type Source } from "../content/source";
import { consentTools, conversionsLabel, DEFAULT_PLAUSIBLE_SCRIPT_URL } from "../shared/measurement";
import { bodyAttributes, measurementAttributes, type BodyData, type MeasurementData } from "../shared/pageData";

export interface RenderInput {
  /** The page settings only (decision 050): what pages show, never the server's. */
  settings: PageSettings;
  assets: Assets;
  lang: Lang;
  today: Today;
  /** An ad's page's source: the page and the ad's known variant (decision 056); none: the page without a variant. */
  source?: Source | null;
}

function context(
  page: PageDescriptor,
  { settings, lang, today, assets }: RenderInput,
  source: Source | null,
): PageContext {
  const ref = source ? sourceRef(source) : null;
  return {
    settings,
    lang,
    today,
    t: translator(lang),
    sprite: assets.sprite,
    source,
    ref,
    xa: source?.xa ?? null,
    appHref: withSourceRef(settings.appUrl, ref),
    calculator:
      page.adPage === null ? null : (
        <CalculatorIsland props={calculatorProps(settings, lang, ref, source?.xa ?? null)} query={{}} />
      ),
  };
}

/**
 * The measurement settings the client entry reads from its own tag (decision 047), none when
 * nothing is configured: the ids, Plausible's domain and script, and the tags' loader it imports
 * after consent. Only the pages that load measurement carry them (the others load no script).
 */
function measurementData({ settings, assets }: RenderInput): MeasurementData {
  const m = settings.measurement;
  const asksConsent = consentTools(m, settings.conversions).length > 0;
  return {
    ga4: m.ga4 || null,
    gtm: m.gtm || null,
    meta: m.metaPixel || null,
    plausible: m.plausible?.domain || null,
    // Plausible's own script is the client's default: its URL is spent only when it differs.
    plausibleSrc:
      m.plausible && m.plausible.scriptUrl !== DEFAULT_PLAUSIBLE_SCRIPT_URL ? m.plausible.scriptUrl || null : null,
    tags: (asksConsent && assets.tagsScript) || null,
    consentVersion: (asksConsent && m.consentRevision) || null,
    // The conversion recipients the advertising consent names (decision 079): part of the version.
    conversions: conversionsLabel(settings.conversions),
  };
}

/** What `<body>` carries: the application's URL, and an ad's page's segment and variant (decision 056). */
function bodyData(settings: PageSettings, source: Source | null): BodyData {
  return {
    appUrl: settings.appUrl || null,
    segment: source && source.page !== "home" ? source.page : null,
    // An arm's page names neither its variant nor its arm to the events (issue 37: kept blind).
    variant: source?.xa ? null : (source?.variant ?? null),
    xa: source?.xa ?? null,
  };
}

/**
 * The scripts of a page that loads measurement (the landing and segment pages, the only ones with
 * JavaScript): the client entry (islands on demand, campaign attribution for its APP_URL links,
 * named in `data-app-url`), the measured entry instead when a tool is configured (decision 044),
 * and the page's source for the events. The legal, 404 and error pages ship none (decision 029):
 * they have no island and no APP_URL link, and a campaign kept in the session reaches the landing
 * page's links when the visitor comes back to it.
 */
function scripts(input: RenderInput, source: Source | null): Partial<DocumentOptions> {
  const data = measurementAttributes(measurementData(input));
  return {
    mainScript: data.length ? input.assets.measuredScript : input.assets.mainScript,
    islandsScript: input.assets.islandsScript,
    scriptData: data,
    bodyData: bodyAttributes(bodyData(input.settings, source)),
  };
}

/**
 * A page as a finished document: its own head metadata and body, in the shell with the inline CSS
 * of its kind of page (only the partials it uses, decision 037), the banner's CSS where the banner
 * can show (decision 045: nothing configured, not a byte more), and its scripts if it has any.
 */
export function renderPage(page: PageDescriptor, input: RenderInput): string {
  const source = page.adPage === null ? null : (input.source ?? { page: page.adPage, variant: null });
  const ctx = context(page, input, source);
  const body = renderToString(page.render(ctx));
  const consentCss =
    page.loadsMeasurement && consentTools(input.settings.measurement, input.settings.conversions).length
      ? input.assets.css.consent
      : "";
  return renderDocument({
    ...page.head(ctx),
    ...(page.loadsMeasurement ? scripts(input, source) : {}),
    headScript: page.headScript?.(input.lang) ? input.assets.headScript : undefined,
    body,
    htmlLang: LANGUAGE_INFO[input.lang].htmlLang,
    css: input.assets.css[page.styles] + consentCss,
  });
}
