/**
 * The three pages. The landing page in the language of `?lang=` comes from the page cache; with any
 * other parameter it is the calculator's no-JavaScript GET form, rendered for that request (a flood
 * of distinct queries must not grow memory) and compressed per response by the route's
 * compression middleware. The legal pages are Portuguese only, always cached.
 */
import type { RequestHandler } from "express";
import { sanitizeQuery } from "../../shared/calculator";
import { queryOf, requestLang, single } from "../http";
import type { PageSender } from "../pageSender";
import { renderLanding, renderLegal } from "../render";

/** The landing page from the cache, or next() for the calculator's answer. */
export function cachedLanding(pages: PageSender): RequestHandler {
  return (req, res, next) => {
    const params = queryOf(req);
    if ([...params.keys()].some((k) => k !== "lang")) return next();
    const lang = requestLang(params);
    pages.sendCached(req, res, 200, lang, `landing:${lang}`, (input) => renderLanding(input));
  };
}

/** The landing page with the calculator's answer for `?leads=&interactions=`. */
export function calculatorAnswer(pages: PageSender): RequestHandler {
  return (req, res) => {
    const params = queryOf(req);
    const query = sanitizeQuery({ leads: single(params, "leads"), interactions: single(params, "interactions") });
    pages.sendFresh(res, requestLang(params), (input) => renderLanding(input, query));
  };
}

export function legalPage(pages: PageSender, route: "privacy" | "terms"): RequestHandler {
  return (req, res) => pages.sendCached(req, res, 200, "pt", route, (input) => renderLegal(input, route));
}
