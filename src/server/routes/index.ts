/**
 * The route table (decision 057): every path the site answers besides the health check, the
 * search files and the static files, each with its language. A page's routes come from its
 * descriptor (src/pages/index.ts); a route that is not a page (a redirect, later an API) is a
 * Route of its own, listed here: the segment pages' parent paths, a segment page's former paths
 * (decision 064). Its paths are rows of the endpoint table (endpoints.ts), which app.ts registers.
 */
import { PAGES, pathsOf } from "../../pages";
import type { PageSender } from "../pageSender";
import { pageRoute } from "./pages";
import type { Route } from "./route";
import type { ExperimentRouter } from "../experiments/assign";
import { formerSlugs } from "./formerSlugs";
import { segmentParents } from "./segmentParents";

export type { Route };

export function routeTable(pages: PageSender, experiments?: ExperimentRouter): Route[] {
  return [
    ...PAGES.map((page): Route => ({ paths: pathsOf(page), get: (lang) => pageRoute(pages, page, lang, experiments) })),
    segmentParents,
    formerSlugs,
  ];
}
