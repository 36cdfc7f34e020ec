/**
 * The pages. The landing page at its language's path (`/`, `/en`, `/es`), and each segment page at
 * its own (decision 054), comes from the page cache
 * whatever the query holds (utm_*, fbclid…: same bytes for every ad click, decision 021); only the
 * calculator's `leads`/`interactions` make it the no-JavaScript GET form's answer, rendered for
 * that request from the cached page with only the calculator rendered in it (decision 040; a flood
 * of distinct queries must not grow memory). The legal pages are Portuguese only, always cached.
 */
import type { Request, RequestHandler } from "express";
import { sanitizeQuery } from "../../shared/calculator";
import type { Lang } from "../../shared/languages";
import { queryOf, rawQueryOf, single } from "../request";
import type { PageSender, Render } from "../pageSender";
import { renderLanding, renderLegal, renderSegment, type RenderInput } from "../render";
import { sourceRef, type Source } from "../../content/source";
import { variantFor, type VariantPage } from "../../content/variants";
import type { SegmentKey } from "../../content/segments";

/**
 * A page with the calculator, that an ad can land on (the landing page, a segment page): its key in
 * the page cache, which page it is for message-match variants (decision 056), and its render with
 * no answer (for the variant in `input.source`).
 */
export interface CalculatorPage {
  key: string;
  id: VariantPage;
  render: Render;
}

export const landingPage = (lang: Lang): CalculatorPage => ({
  key: `landing:${lang}`,
  id: "home",
  render: (input) => renderLanding(input),
});

/** A segment's page (decision 054): one key per segment and language, like the landing page's. */
export const segmentPage = (lang: Lang, segment: SegmentKey): CalculatorPage => ({
  key: `segment:${segment}:${lang}`,
  id: segment,
  render: (input) => renderSegment(input, segment),
});

/**
 * The page as this request gets it: with the variant `?v=` names when the catalogues hold it for
 * this page and language, else the page itself (the same key, the same bytes). One cache key per
 * known variant: the key space stays closed whatever `v` a client sends.
 */
function asRequested(req: Request, lang: Lang, page: CalculatorPage) {
  const source: Source = { page: page.id, variant: variantFor(lang, page.id, rawQueryOf(req)) };
  return {
    key: source.variant === null ? page.key : `${page.key}:v=${source.variant}`,
    render: (input: RenderInput) => page.render({ ...input, source }),
    ref: sourceRef(source),
  };
}

/** The page (by default the landing page of `lang`) from the cache, or next() for the calculator's answer. */
export function cachedLanding(pages: PageSender, lang: Lang, page = landingPage(lang)): RequestHandler {
  return (req, res, next) => {
    const params = queryOf(req);
    if (params.has("leads") || params.has("interactions")) return next();
    const { key, render } = asRequested(req, lang, page);
    pages.sendCached(req, res, 200, lang, key, render, true);
  };
}

/** The calculator's answer for `?leads=&interactions=` in the page (by default the landing page of `lang`). */
export function calculatorAnswer(pages: PageSender, lang: Lang, page = landingPage(lang)): RequestHandler {
  return (req, res) => {
    const params = queryOf(req);
    const query = sanitizeQuery({ leads: single(params, "leads"), interactions: single(params, "interactions") });
    const { key, render, ref } = asRequested(req, lang, page);
    pages.sendAnswer(req, res, lang, key, render, query, true, ref);
  };
}

export function legalPage(pages: PageSender, route: "privacy" | "terms"): RequestHandler {
  return (req, res) => pages.sendCached(req, res, 200, "pt", route, (input) => renderLegal(input, route));
}
