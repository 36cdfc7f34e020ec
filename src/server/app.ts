/**
 * createApp(): the whole site as an Express app, assembled here from small modules, without
 * listen() (src/server/index.ts listens; supertest takes the bare app). Read top to bottom, this is
 * the order a request goes through; each step says why it is there.
 */
import express from "express";
import { loadAssets, type Assets } from "./assets";
import { loadConfig, type Config } from "./config";
import { errorPages, methodNotAllowed, notFound } from "./errors";
import { healthCheck } from "./health";
import { requestLogger, type Logger } from "./logger";
import { httpsRedirect } from "./middleware/httpsRedirect";
import { languageRedirects } from "./middleware/languageRedirects";
import { targetGuard, urlGuard } from "./middleware/urlGuard";
import { anySpelling } from "./middleware/anySpelling";
import { createPageSender } from "./pageSender";
import { routeTable } from "./routes";
import { GOOGLE_CSV_PATH, googleConversionsFile } from "./routes/conversions";
import { failureLimit } from "./middleware/failedAuth";
import { reportActions, RETRY_PATH, SPEND_FORM_PATH } from "./report/actions";
import { EXPORT_PATH, leadReportRoutes, REPORT_CSV_PATH, REPORT_PATH } from "./report/route";
import { seoFiles } from "./routes/seoFiles";
import { baseHeaders } from "./security";
import { serveAssets } from "./staticAssets";
import { SALES_PATH } from "../shared/sales";
import { salesRedirect } from "./leads/redirect";
import { leadsApi } from "./leads/api";
import { spendApi } from "./spend/api";
import type { Ledger } from "./ledger/store";
import { experimentRouter } from "./experiments/assign";
import { arrivalCounter, type ArrivalCounter } from "./experiments/arrivals";
import { EXPERIMENTS_JSON_PATH, experimentsJson } from "./report/experiments";
import { requirePassword } from "./middleware/basicAuth";

const SEO_PATHS = ["/robots.txt", "/sitemap.xml"] as const;

export interface AppOptions {
  config?: Config;
  assets?: Assets;
  /** The clock; tests freeze it. */
  now?: () => Date;
  logger?: Logger;
  /**
   * The lead ledger (src/server/ledger/, its interface `Ledger` in types.ts); the entry opens the configured database. Without
   * one, sales links redirect unrecorded.
   */
  store?: Ledger;
  /**
   * How long the sales redirect waits for a lead's commit (default COMMIT_WAIT_MS, 200 ms). Tests of
   * what is stored on a real database give a loaded machine longer; the store-down tests keep 200.
   */
  salesCommitWaitMs?: number;
  /** Where experiments' arrivals are counted (the entry flushes it to the store); a fresh one by default. */
  arrivals?: ArrivalCounter;
}

export function createApp(options: AppOptions = {}) {
  const config = options.config ?? loadConfig();
  const assets = options.assets ?? loadAssets();
  const now = options.now ?? (() => new Date());
  const pages = createPageSender(config.page, assets, now);
  const app = express();

  // Express's defaults we do not want: advertising the framework, weak ETags computed per
  // response (cached pages and static files carry strong ones), a query parser that builds nested
  // objects. Behind the PaaS router, req.protocol and req.ip come from X-Forwarded-* of that many hops.
  app.disable("x-powered-by");
  app.set("etag", false);
  app.set("query parser", false);
  app.set("trust proxy", config.server.trustProxy > 0 ? config.server.trustProxy : false);
  // One URL per page (decision 042): routes match their exact spelling only; other spellings are
  // redirected to it below, static files are looked up by their exact name.
  app.set("case sensitive routing", true);
  app.set("strict routing", true);

  // Health checks (/healthz, health.ts) come first: never logged, never redirected to HTTPS.
  app.use(healthCheck());

  // One line per request (method, path without query, status, duration); never cookies or queries.
  if (options.logger) app.use(requestLogger(options.logger));

  // Security headers on every response, errors and redirects included.
  app.use(baseHeaders());

  // A request target that is not a path (`GET http://… HTTP/1.1`), marked by server.ts: 400.
  app.use(targetGuard());

  // Plain HTTP goes to HTTPS before anything is served (on in production, FORCE_HTTPS).
  if (config.server.forceHttps) app.use(httpsRedirect(config.page));

  // Absurd (414) or malformed (400) paths are refused before any file or page is looked up.
  app.use(urlGuard());

  // The ledger's outcomes API, only with LEADS_API_TOKEN (decision 066): JSON, never cached.
  if (config.leads.apiToken)
    app.use(
      leadsApi({
        token: config.leads.apiToken,
        store: options.store,
        now: options.now ?? (() => new Date()),
        logger: options.logger,
        timeZone: config.page.timeZone,
      }),
    );
  // Spend posted by a script or a cron (decision 093), with the same token.
  if (config.leads.apiToken) app.use(spendApi({ token: config.leads.apiToken, store: options.store }));

  // Experiments (issue 37): an arrival on a running experiment's page is drawn an arm and counted.
  const arrivals = options.arrivals ?? arrivalCounter();
  const routes = routeTable(pages, experimentRouter(config.experiments, arrivals));

  // Every GET path the site answers besides the API, in one list: another spelling of any of them
  // (`/Sales`, `/EN`, `/Privacy/`, `/Leads.csv`…) is a 301 to it, query kept as it came, before any
  // of them is matched (issue 35); old `/?lang=…` links → `/en`, `/es` or `/`.
  const exact = routes.filter((r) => !r.anySpelling).flatMap((r) => r.paths.map((p) => p.path));
  app.use(languageRedirects([...exact, ...SEO_PATHS, SALES_PATH, GOOGLE_CSV_PATH, REPORT_PATH, REPORT_CSV_PATH]));

  // What search engines ask for, built once from SITE_URL.
  const seo = seoFiles(config.page);
  app.route(SEO_PATHS[0]).get(seo.robots).all(methodNotAllowed);
  app.route(SEO_PATHS[1]).get(seo.sitemap).all(methodNotAllowed);

  // Every "talk to sales" link: records a lead, then 303 to WhatsApp or e-mail (decision 069).
  const sales = salesRedirect({
    config,
    store: options.store,
    logger: options.logger,
    now,
    commitWaitMs: options.salesCommitWaitMs,
  });
  app.route(SALES_PATH).get(sales).all(methodNotAllowed);

  // The route table (routes/index.ts, decision 057): a route per page descriptor's path (the
  // landing page at `/`, `/en`, `/es`; a page per segment and language, decision 054; the legal
  // pages), and routes that are not pages (the segment pages' parent path → the landing page's
  // industries grid).
  // A route that answers every spelling itself (the segment pages' parent) gets it here, in one hop.
  app.use(anySpelling(routes.filter((r) => r.anySpelling)));

  // The pages (the hot path, so before static files): from the day's page cache; the calculator's
  // answers too, with only the calculator rendered per request and put in place (decision 040).
  // An unknown slug under a segment path is the 404 page in that path's language.
  for (const route of routes)
    for (const { lang, path } of route.paths) app.route(path).get(route.get(lang)).all(methodNotAllowed);
  // Google Ads fetches its offline conversions here (decision 078); not configured: the 404 below.
  const googleFile = googleConversionsFile(config.conversions, options.store, config.page.timeZone, now);
  if (googleFile)
    app
      .route(GOOGLE_CSV_PATH)
      .get(...googleFile)
      .all(methodNotAllowed);
  // The marketer's report (decision 072), behind the same password; not configured: the 404 below.
  // One count of failed report passwords for the page, its CSVs and its forms (decision 090).
  const reportLimit = failureLimit();
  const report = leadReportRoutes(
    config.conversions.reportPassword,
    options.store,
    config.page.timeZone,
    now,
    config.conversions.googleAds !== null,
    reportLimit,
    config.experiments,
  );
  const actions = reportActions(
    config.conversions.reportPassword,
    options.store,
    now,
    config.page.timeZone,
    reportLimit,
  );
  if (actions) {
    app
      .route(SPEND_FORM_PATH)
      .post(...actions.spend)
      .all(methodNotAllowed);
    app
      .route(RETRY_PATH)
      .post(...actions.retry)
      .all(methodNotAllowed);
    app
      .route(EXPORT_PATH)
      .get(...actions.export)
      .all(methodNotAllowed);
  }
  if (report) {
    app
      .route(REPORT_PATH)
      .get(...report.page)
      .all(methodNotAllowed);
    app
      .route(REPORT_CSV_PATH)
      .get(...report.csv)
      .all(methodNotAllowed);
    // The experiments' verdicts as JSON (issue 37), behind the same password.
    const verdicts = experimentsJson(config.experiments, options.store!, config.page.timeZone, now);
    const auth = requirePassword(config.conversions.reportPassword!, "XIA leads", reportLimit);
    app.route(EXPERIMENTS_JSON_PATH).get(auth, verdicts).all(methodNotAllowed);
  }

  // Static files, all from memory. Content-hashed client files, precompressed, never change under
  // their name: browsers and CDNs keep them a year. Icons and the preview image: stable names, a day.
  app.use("/assets", serveAssets(assets.assetsDir, "public, max-age=31536000, immutable"));
  app.use(serveAssets(assets.publicDir, "public, max-age=86400", true));

  // Anything else is a real 404 page in the visitor's language, with a way home.
  app.use(notFound(pages));

  // Errors become pages too: their 4xx kept, anything else a 500; never a stack trace.
  app.use(errorPages(pages, options.logger));

  // For tests and diagnostics: how many rendered pages the cache holds.
  app.locals.pageCache = pages.cache;
  app.locals.arrivals = arrivals;
  return app;
}
