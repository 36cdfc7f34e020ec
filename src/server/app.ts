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
import { allowOf, canonicalPaths, endpointTable, type Method } from "./routes/endpoints";
import { baseHeaders } from "./security";
import { serveAssets } from "./staticAssets";
import type { Ledger } from "./ledger/store";
import { experimentRouter } from "./experiments/assign";
import { arrivalCounter, type ArrivalCounter } from "./experiments/arrivals";

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

  // Experiments (issue 37): an arrival on a running experiment's page is drawn an arm and counted.
  const arrivals = options.arrivals ?? arrivalCounter();
  // The one table of endpoints (routes/endpoints.ts, decisions 057 and 110): pages, redirects,
  // robots and sitemap, /sales, the Google file, the report, the token API, each with its methods.
  const endpoints = endpointTable(config, options, {
    pages,
    now,
    experiments: experimentRouter(config.experiments, arrivals),
  });

  // Every GET path of the table, in one list: another spelling of any of them (`/Sales`, `/EN`,
  // `/Privacy/`, `/Leads.csv`…) is a 301 to it, query kept as it came, before any of them is
  // matched (issue 35); old `/?lang=…` links → `/en`, `/es` or `/`.
  app.use(languageRedirects(canonicalPaths(endpoints)));

  // An endpoint that answers every spelling itself (the segment pages' parent, a segment page's
  // former paths) gets it here, in one hop.
  app.use(anySpelling(endpoints.filter((e) => e.anySpelling)));

  // Every endpoint at its exact spelling (pages first: the hot path, before static files); any
  // other method is a 405 page with the endpoint's own `Allow`.
  for (const endpoint of endpoints) {
    if (endpoint.methods === null) continue;
    const route = app.route(endpoint.path);
    for (const [method, handlers] of Object.entries(endpoint.methods)) route[method as Method](...handlers);
    route.all((endpoint.refuse ?? methodNotAllowed)(allowOf(endpoint)));
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
