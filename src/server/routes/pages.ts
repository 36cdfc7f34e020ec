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
import type { PageSender, Render } from "../pageSender";
import { renderLanding, renderLegal, renderSegment } from "../render";
import type { SegmentKey } from "../../content/segments";

/** A page with the calculator: its key in the page cache and its render with no answer. */
export interface CalculatorPage {
  key: string;
  render: Render;
}

export const landingPage = (lang: Lang): CalculatorPage => ({
  key: `landing:${lang}`,
  render: (input) => renderLanding(input),
});

/** A segment's page (decision 054): one key per segment and language, like the landing page's. */
export const segmentPage = (lang: Lang, segment: SegmentKey): CalculatorPage => ({
  key: `segment:${segment}:${lang}`,
  render: (input) => renderSegment(input, segment),
});

/** The page (by default the landing page of `lang`) from the cache, or next() for the calculator's answer. */
export function cachedLanding(pages: PageSender, lang: Lang, page = landingPage(lang)): RequestHandler {
  return (req, res, next) => {
    const params = queryOf(req);
    if (params.has("leads") || params.has("interactions")) return next();
    pages.sendCached(req, res, 200, lang, page.key, page.render, true);
  };
}

/**
 * The calculator's answer for `?leads=&interactions=` in page `key` (rendered by `render` with no
 * answer; it holds the calculator island): by default the landing page of `lang`.
 */
export function calculatorAnswer(
  pages: PageSender,
  lang: Lang,
  key = `landing:${lang}`,
  render: Render = (input) => renderLanding(input),
): RequestHandler {
  return (req, res) => {
    const params = queryOf(req);
    const query = sanitizeQuery({ leads: single(params, "leads"), interactions: single(params, "interactions") });
    pages.sendAnswer(req, res, lang, key, render, query, true);
  };
}

export function legalPage(pages: PageSender, route: "privacy" | "terms"): RequestHandler {
  return (req, res) => pages.sendCached(req, res, 200, "pt", route, (input) => renderLegal(input, route));
}
