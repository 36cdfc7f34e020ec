/**
 * The pages. The landing page at its language's path (`/`, `/en`, `/es`), and each segment page at
 * its own (decision 054), comes from the page cache
 * whatever the query holds (utm_*, fbclid…: same bytes for every ad click, decision 021); only the
 * calculator's `leads`/`interactions` make it the no-JavaScript GET form's answer, rendered for
 * that request from the cached page with only the calculator rendered in it (decision 040; a flood
 * of distinct queries must not grow memory). The legal pages are Portuguese only, always cached.
 */
import type { RequestHandler } from "express";
import { sanitizeQuery } from "../../shared/calculator";
import type { Lang } from "../../shared/languages";
import { queryOf, single } from "../request";
import type { PageSender } from "../pageSender";
import { renderCalculator, renderLanding, renderLegal, renderSegment, type RenderInput } from "../render";
import { landingHref } from "../../shared/languages";
import type { CalculatorQuery } from "../../shared/calculator";
import type { SegmentKey } from "../../content/segments";
import { segmentPath } from "../../content/segments";

/** A page with the calculator: its cache key, its path (the calculator's form answers there), its render. */
export interface CalculatorPage {
  key: string;
  path: string;
  render: (input: RenderInput, query?: CalculatorQuery) => string;
}

export const landingPage = (lang: Lang): CalculatorPage => ({
  key: `landing:${lang}`,
  path: landingHref(lang),
  render: (input, query) => renderLanding(input, query),
});

/** A segment's page (decision 054): one cache key per segment and language, like the landing page's. */
export const segmentPage = (lang: Lang, segment: SegmentKey): CalculatorPage => ({
  key: `segment:${segment}:${lang}`,
  path: segmentPath(lang, segment),
  render: (input, query) => renderSegment(input, segment, query),
});

/** The page (the landing page by default) from the cache, or next() for the calculator's answer. */
export function cachedLanding(pages: PageSender, lang: Lang, page = landingPage(lang)): RequestHandler {
  return (req, res, next) => {
    const params = queryOf(req);
    if (params.has("leads") || params.has("interactions")) return next();
    pages.sendCached(req, res, 200, lang, page.key, (input) => page.render(input), true);
  };
}

/** The page (the landing page by default) with the calculator's answer for `?leads=&interactions=`. */
export function calculatorAnswer(pages: PageSender, lang: Lang, page = landingPage(lang)): RequestHandler {
  return (req, res) => {
    const params = queryOf(req);
    const query = sanitizeQuery({ leads: single(params, "leads"), interactions: single(params, "interactions") });
    pages.sendWithPart(
      req,
      res,
      lang,
      page.key,
      {
        page: (input) => page.render(input),
        part: (input) => renderCalculator(input, query, page.path),
        blankPart: (input) => renderCalculator(input, {}, page.path),
      },
      true,
    );
  };
}

export function legalPage(pages: PageSender, route: "privacy" | "terms"): RequestHandler {
  return (req, res) => pages.sendCached(req, res, 200, "pt", route, (input) => renderLegal(input, route));
}
