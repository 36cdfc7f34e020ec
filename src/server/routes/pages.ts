/**
 * The handler of a routed page (src/pages/index.ts, decision 057), in the language of the path it
 * was registered at. Every page comes from the page cache whatever the query holds (utm_*, fbclid…:
 * same bytes for every ad click, decision 021). On an ad's page (the landing page, a segment page)
 * `v` names a message-match variant (decision 056): a code the catalogues hold for that page and
 * language is a page of its own in the cache, any other `v` the page without one; and the
 * calculator's `leads`/`interactions` make it the no-JavaScript GET form's answer, rendered for
 * that request from the cached page with only the calculator rendered in it (decision 040; a flood
 * of distinct queries must not grow memory). On a running experiment's page (issue 37,
 * src/server/experiments/assign.ts) an arrival is drawn an arm and sent `private, no-store`; a valid
 * `xa` is the arm's page, cached like a variant.
 */
import type { Request, RequestHandler, Response } from "express";
import { sanitizeQuery } from "../../shared/calculator";
import type { Lang } from "../../shared/languages";
import { single, type Query } from "../../shared/query";
import { queryOf } from "../request";
import type { PageRequest, PageSender } from "../pageSender";
import type { PageDescriptor } from "../../pages";
import { VARIANT_PARAM, variantFor } from "../../content/variants";
import type { ExperimentRouter } from "../experiments/assign";

/**
 * The page as this request asks for it: on an ad's page, with the variant `v` names if the
 * catalogues hold it, or an experiment's arm (`arrival`: drawn for this request).
 */
export function pageRequest(
  req: Request,
  res: Response,
  asked: { page: PageDescriptor; lang: Lang; query: Query },
  pages: PageSender,
  experiments?: ExperimentRouter,
): PageRequest & { arrival: boolean } {
  const { page, lang, query } = asked;
  if (page.adPage === null) return { page, lang, source: null, arrival: false };
  const variant = variantFor(lang, page.adPage, single(query, VARIANT_PARAM));
  const choice = experiments?.choose(req, lang, page.adPage, query, variant, pages.today(res));
  if (choice?.kind === "arm")
    return {
      page,
      lang,
      source: { page: page.adPage, variant: choice.arm.variant, xa: choice.token },
      arrival: choice.arrival,
    };
  return { page, lang, source: { page: page.adPage, variant }, arrival: false };
}

/** GET (and HEAD) of `page` in `lang`: the cached page, or on an ad's page the calculator's answer. */
export function pageRoute(
  pages: PageSender,
  page: PageDescriptor,
  lang: Lang,
  experiments?: ExperimentRouter,
): RequestHandler {
  return (req, res) => {
    const query = queryOf(req);
    const asked = pageRequest(req, res, { page, lang, query }, pages, experiments);
    if (asked.arrival) return pages.send(req, res, asked, 200, true);
    if (page.adPage === null || !(query.has("leads") || query.has("interactions"))) return pages.send(req, res, asked);
    pages.sendAnswer(
      req,
      res,
      asked,
      sanitizeQuery({ leads: single(query, "leads"), interactions: single(query, "interactions") }),
    );
  };
}
