/**
 * The one table of endpoints (decision 057, addendum of issue 35; decision 110): every path the
 * site answers besides the health check and the static files: pages, redirects, robots and
 * sitemap, the sales link, the Google Ads file, the report and its CSVs, forms and JSON, and the
 * token API (leads/api.ts, spend/api.ts: JSON answers, a JSON 405). Each endpoint says its path, its handlers per method
 * (GET also answers HEAD; auth and body parsers are the first handlers) and whether it answers
 * every spelling itself. app.ts registers them all from here, and derives from the same rows the
 * canonical-spelling redirects (every exact GET path) and the 405s with their `Allow`: a new
 * endpoint cannot miss them. An endpoint that is not configured (no password, no store) has no
 * methods: its path is the site's 404.
 */
import type { RequestHandler } from "express";
import type { Ledger } from "../ledger/types";
import type { Logger } from "../logger";
import type { Config } from "../config";
import type { PageSender } from "../pageSender";
import { routeTable } from ".";
import { GOOGLE_CSV_PATH, googleConversionsFile } from "./conversions";
import { seoFiles } from "./seoFiles";
import { failureLimit } from "../middleware/failedAuth";
import { requirePassword } from "../middleware/basicAuth";
import { reportActions, RETRY_PATH, SPEND_FORM_PATH } from "../report/actions";
import { EXPORT_PATH, leadReportRoutes, REPORT_CSV_PATH, REPORT_PATH } from "../report/route";
import { EXPERIMENTS_JSON_PATH, experimentsJson } from "../report/experiments";
import { SALES_PATH } from "../../shared/sales";
import { salesRedirect } from "../leads/redirect";
import { API_CSV_PATH, API_PATH, bearer, leadsApiEndpoints } from "../leads/api";
import { spendApiEndpoint } from "../spend/api";
import type { ExperimentRouter } from "../experiments/assign";

import type { Endpoint } from "./endpoint";
export { allowOf, canonicalPaths, type Endpoint, type Method } from "./endpoint";

export function endpointTable(
  config: Config,
  /** What the table needs of the app's options (app.ts' AppOptions, not imported: no cycle). */
  options: { store?: Ledger; logger?: Logger; salesCommitWaitMs?: number },
  deps: { pages: PageSender; now: () => Date; experiments: ExperimentRouter },
): Endpoint[] {
  const { pages, now } = deps;
  const { store, logger } = options;
  const timeZone = config.page.timeZone;
  const get = (path: string, ...handlers: RequestHandler[]): Endpoint => ({ path, methods: { get: handlers } });
  const post = (path: string, ...handlers: RequestHandler[]): Endpoint => ({ path, methods: { post: handlers } });
  const off = (...paths: string[]): Endpoint[] => paths.map((path) => ({ path, methods: null }));
  const table: Endpoint[] = [];

  // The pages and the routes that are not pages (routes/index.ts): a path per language.
  for (const route of routeTable(pages, deps.experiments))
    for (const { lang, path } of route.paths)
      table.push({ path, methods: { get: [route.get(lang)] }, anySpelling: route.anySpelling });

  // What search engines ask for, built once from SITE_URL.
  const seo = seoFiles(config.page);
  table.push(get("/robots.txt", seo.robots), get("/sitemap.xml", seo.sitemap));

  // Every "talk to sales" link: records a lead, then 303 to WhatsApp or e-mail (decision 069).
  const commitWaitMs = options.salesCommitWaitMs;
  table.push(get(SALES_PATH, salesRedirect({ config, store, logger, now, commitWaitMs })));

  // Google Ads fetches its offline conversions here (decision 078).
  const googleFile = googleConversionsFile(config.conversions, store, timeZone, now);
  table.push(googleFile ? get(GOOGLE_CSV_PATH, ...googleFile) : off(GOOGLE_CSV_PATH)[0]);

  // The marketer's report (decision 072) behind its password; one count of failed report
  // passwords for the page, its CSVs, its forms and its JSON (decision 090).
  const password = config.conversions.reportPassword;
  const limit = failureLimit();
  const report = leadReportRoutes(
    password,
    store,
    timeZone,
    now,
    config.conversions.googleAds !== null,
    limit,
    config.experiments,
  );
  const actions = reportActions(password, store, now, timeZone, limit);
  if (actions)
    table.push(
      post(SPEND_FORM_PATH, ...actions.spend),
      post(RETRY_PATH, ...actions.retry),
      get(EXPORT_PATH, ...actions.export),
    );
  else table.push(...off(EXPORT_PATH));
  if (report) {
    const verdicts = experimentsJson(config.experiments, store!, timeZone, now);
    table.push(
      get(REPORT_PATH, ...report.page),
      get(REPORT_CSV_PATH, ...report.csv),
      get(EXPERIMENTS_JSON_PATH, requirePassword(password!, "XIA leads", limit), verdicts),
    );
  } else table.push(...off(REPORT_PATH, REPORT_CSV_PATH, EXPERIMENTS_JSON_PATH));

  // The token API, only with LEADS_API_TOKEN (decisions 066, 093): outcomes, export, erasure and
  // spend, JSON and never cached; one count of failed tokens for all of it (decision 090).
  const token = config.leads.apiToken;
  if (token) {
    const auth = bearer(token, failureLimit());
    table.push(...leadsApiEndpoints({ auth, store, now, logger, timeZone }), spendApiEndpoint({ auth, store }));
  } else table.push(...off(API_PATH, API_CSV_PATH));
  return table;
}
