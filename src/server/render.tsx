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
import { Landing, landingHead } from "../pages/Landing";
import { Segment, segmentHead } from "../pages/Segment";
import type { PageHead } from "../pages/head";
import type { SegmentKey } from "../content/segments";
import { legalHead, Privacy, Terms, type LegalRoute } from "../pages/Legal";
import { Message, messageHead, type MessageKind } from "../pages/Message";
import { DEFAULT_LANG, LANGUAGE_INFO, type Lang } from "../shared/languages";
import type { CalculatorQuery } from "../shared/calculator";
import type { Assets } from "./assets";
import type { PageSettings } from "../content/site";
import type { Today } from "../content/dates";
import { translator } from "../content/catalogue";
import { sourceRef, withSourceRef, type Source } from "../content/source";
import { consentTools, DEFAULT_PLAUSIBLE_SCRIPT_URL } from "../shared/measurement";

export type { MessageKind };

export interface RenderInput {
  /** The page settings only (decision 050): what pages show, never the server's. */
  config: PageSettings;
  assets: Assets;
  lang: Lang;
  today: Today;
  /** A landing or segment page's source: the page and the ad's known variant (decision 056). */
  source?: Source;
}

function context({ config, assets, lang, today, source }: RenderInput): PageContext {
  const ref = source ? sourceRef(source) : null;
  return {
    config,
    lang,
    today,
    t: translator(lang),
    sprite: assets.sprite,
    source: source ?? null,
    ref,
    appHref: withSourceRef(config.appUrl, ref),
  };
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
 * The landing and segment pages are the only ones with JavaScript: the client entry (islands on
 * demand, campaign attribution for its APP_URL links, named in `data-app-url`) and, on `/` only,
 * the head snippet for returning visitors (an explicit language URL is never redirected). The
 * legal, 404 and error pages ship none (decision 029): they have no island and no APP_URL link, and
 * a campaign kept in the session reaches the landing page's links when the visitor comes back to it.
 */
function landingDocument(
  input: RenderInput,
  styles: "landing" | "segment",
  head: PageHead,
  body: string,
  headScript?: string,
): string {
  // The banner's CSS only where the banner can show (decision 045): nothing configured, not a byte more.
  const consentCss = consentTools(input.config.measurement).length ? input.assets.css.consent : "";
  return shell(
    input,
    styles,
    {
      ...head,
      headScript,
      body,
      // The measured entry only when a tool is configured: none, and the entry is the plain one (decision 044).
      mainScript: measurementData(input).length ? input.assets.measuredScript : input.assets.mainScript,
      islandsScript: input.assets.islandsScript,
      scriptData: measurementData(input),
      appUrl: input.config.appUrl,
      bodyData: sourceData(input.source),
    },
    consentCss,
  );
}

/** What the client entry reads for the events' `segment` and `variant` (decision 056). */
function sourceData(source: Source | undefined): Array<[string, string]> {
  if (!source) return [];
  return [
    ...(source.page === "home" ? [] : [["segment", source.page] as [string, string]]),
    ...(source.variant === null ? [] : [["variant", source.variant] as [string, string]]),
  ];
}

export function renderLanding(input: RenderInput, calculatorQuery: CalculatorQuery = {}): string {
  const ctx = context({ ...input, source: input.source ?? { page: "home", variant: null } });
  const body = renderToString(<Landing ctx={ctx} calculatorQuery={calculatorQuery} />);
  return landingDocument(
    input,
    "landing",
    landingHead(ctx),
    body,
    ctx.lang === DEFAULT_LANG ? input.assets.headScript : undefined,
  );
}

/** A segment's page (decision 055), in the landing page's document with its own head. */
export function renderSegment(input: RenderInput, segment: SegmentKey, calculatorQuery: CalculatorQuery = {}): string {
  const source = input.source ?? { page: segment, variant: null };
  const ctx = context({ ...input, source });
  const body = renderToString(<Segment ctx={ctx} segment={segment} calculatorQuery={calculatorQuery} />);
  return landingDocument({ ...input, source }, "segment", segmentHead(ctx, segment), body);
}

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
