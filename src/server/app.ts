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
import { createPageSender } from "./pageSender";
import { segmentRedirects } from "./middleware/segmentRedirects";
import { cachedLanding, calculatorAnswer, legalPage, segmentPage } from "./routes/pages";
import { seoFiles } from "./routes/seoFiles";
import { baseHeaders } from "./security";
import { serveAssets } from "./staticAssets";
import type { SqlLeadStore } from "./leads/store";
import { LANGS, landingHref } from "../shared/languages";
import { SEGMENT_PAGES, SEGMENT_PARENTS } from "../content/segmentPages";

const SEO_PATHS = ["/robots.txt", "/sitemap.xml"] as const;

export interface AppOptions {
  config?: Config;
  assets?: Assets;
  /** The clock; tests freeze it. */
  now?: () => Date;
  logger?: Logger;
  /** The lead ledger (src/server/leads/store.ts); the entry opens the configured database. */
  store?: SqlLeadStore;
}

export function createApp(options: AppOptions = {}) {
  const config = options.config ?? loadConfig();
  const assets = options.assets ?? loadAssets();
  const pages = createPageSender(config.page, assets, options.now ?? (() => new Date()));
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

  // What search engines ask for, built once from SITE_URL.
  const seo = seoFiles(config.page);
  app.route(SEO_PATHS[0]).get(seo.robots).all(methodNotAllowed);
  app.route(SEO_PATHS[1]).get(seo.sitemap).all(methodNotAllowed);

  // `/en/`, `/EN`, `/Privacy/`, `/Segmentos/Odontologia/`… → the route's own path, and old
  // `/?lang=…` links → `/en`, `/es` or `/`, query kept as it came. The segment pages' parent path
  // (`/segmentos`, `/en/industries`…) → the landing page's industries grid (decision 054), and a
  // segment page's former path → its current one (decision 064).
  const pagePaths = [...LANGS.map((lang) => landingHref(lang)), ...SEGMENT_PAGES.map((p) => p.path)];
  app.use(languageRedirects([...pagePaths, "/privacy", "/terms", ...SEO_PATHS]));
  app.use(segmentRedirects());

  // The pages (the hot path, so before static files): from the day's page cache; the calculator's
  // answers too, with only the calculator rendered per request and put in place (decision 040).
  // One landing page per language path: `/`, `/en`, `/es`.
  for (const lang of LANGS) {
    app.route(landingHref(lang)).get(cachedLanding(pages, lang), calculatorAnswer(pages, lang)).all(methodNotAllowed);
  }
  // A page per segment and language (src/content/segments.ts, decision 054), like the landing page;
  // an unknown slug under a segment path is the 404 page in that path's language.
  for (const { lang, key, path } of SEGMENT_PAGES) {
    const page = segmentPage(lang, key);
    app
      .route(path)
      .get(cachedLanding(pages, lang, page), calculatorAnswer(pages, lang, page))
      .all(methodNotAllowed);
  }
  for (const parent of SEGMENT_PARENTS) app.route(parent.path).all(methodNotAllowed);
  app.route("/privacy").get(legalPage(pages, "privacy")).all(methodNotAllowed);
  app.route("/terms").get(legalPage(pages, "terms")).all(methodNotAllowed);

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
  return app;
}
