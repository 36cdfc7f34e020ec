/**
 * createApp(): the whole site as an Express app, without listen() (src/server/index.ts listens;
 * supertest takes the bare app). Each middleware says why it is there.
 */
import express, { type ErrorRequestHandler, type Request, type RequestHandler, type Response } from "express";
import { sanitizeQuery } from "../shared/calculator";
import { DEFAULT_LANG, LANGS, LANGUAGE_INFO, landingHref, type Lang } from "../shared/languages";
import { loadAssets, type Assets } from "./assets";
import { loadConfig, type Config } from "./config";
import { dayOf, type Day } from "./dates";
import { negotiateEncoding, queryOf, rawQueryOf, single } from "./http";
import { langOfPath, legacyLangLocation, trailingSlashLocation } from "./languagePaths";
import { requestLogger, type Logger } from "./logger";
import { compressForRequest, compressPage, PageCache, type CachedPage, type Encoding } from "./pageCache";
import { renderLanding, renderLegal, renderMessage, type MessageKind, type RenderInput } from "./render";
import { robotsTxt, sitemapXml } from "./seo";
import { serveAssets } from "./staticAssets";
import { baseHeaders, cspHeaderFor, inlineHashes } from "./security";

export interface AppOptions {
  config?: Config;
  assets?: Assets;
  /** The clock; tests freeze it. */
  now?: () => Date;
  logger?: Logger;
}

const ALLOW = "GET, HEAD";
/** Longest path we route; anything longer is refused before any work (414). */
const MAX_PATH = 2048;

export function createApp(options: AppOptions = {}) {
  const config = options.config ?? loadConfig();
  const assets = options.assets ?? loadAssets();
  const now = options.now ?? (() => new Date());
  const app = express();

  // Express's defaults we do not want: advertising the framework, weak ETags computed per
  // response (cached pages carry strong ones), and a query parser that builds nested objects.
  app.disable("x-powered-by");
  app.set("etag", false);
  app.set("query parser", false);
  // Behind the PaaS router, req.protocol and req.ip come from X-Forwarded-* of that many hops.
  app.set("trust proxy", config.trustProxy > 0 ? config.trustProxy : false);

  // One line per request (method, path without query, status, duration); never cookies or queries.
  if (options.logger) app.use(requestLogger(options.logger));

  // Security headers on every response, errors and redirects included.
  app.use(baseHeaders());

  // Visitors who reached the router over plain HTTP (X-Forwarded-Proto: http) go to HTTPS. With
  // SITE_URL set the target is built from it, never from the request's Host, so a forged Host
  // cannot steer the redirect; without it, from the Host the trusted router passed on.
  if (config.forceHttps) {
    app.use((req, res, next) => {
      if (req.protocol === "https") return next();
      const host = config.siteUrlSet
        ? new URL(config.siteUrl).host
        : req.hostname && /^[a-z0-9.-]+(:\d+)?$/i.test(req.host)
          ? req.host
          : null;
      if (!host) return next(Object.assign(new Error("Bad Host"), { status: 400 }));
      const path =
        req.originalUrl.startsWith("/") && !req.originalUrl.startsWith("//") ? req.originalUrl.slice(0, MAX_PATH) : "/";
      res.setHeader("Cache-Control", "public, max-age=3600");
      res.redirect(308, `https://${host}${path}`);
    });
  }

  // Refuse what no page can be: absurd paths (414) and paths that are not valid percent-encoding
  // (400), before static files or the router see them.
  app.use((req, _res, next) => {
    const path = req.path;
    if (path.length > MAX_PATH) return next(Object.assign(new Error("URI too long"), { status: 414 }));
    try {
      if (decodeURIComponent(path).includes("\u0000")) throw new URIError("NUL");
    } catch {
      return next(Object.assign(new Error("Malformed URL"), { status: 400 }));
    }
    next();
  });

  // robots.txt and sitemap.xml: built once from SITE_URL, kept a day.
  const robots = Buffer.from(robotsTxt(config));
  const sitemap = Buffer.from(sitemapXml(config));
  const sendText =
    (type: string, body: Buffer): RequestHandler =>
    (_req, res) => {
      res.setHeader("Cache-Control", "public, max-age=86400");
      res.type(type).send(body);
    };
  app.route("/robots.txt").get(sendText("text/plain; charset=utf-8", robots)).all(methodNotAllowed);
  app.route("/sitemap.xml").get(sendText("application/xml; charset=utf-8", sitemap)).all(methodNotAllowed);

  /** The clock, read once per request: today's date and the seconds left in it, in TIME_ZONE. */
  const clock = (res: Response): Day => (res.locals.day ??= dayOf(now(), config.timeZone));
  const input = (res: Response, lang: Lang): RenderInput => ({ config, assets, lang, today: clock(res).today });

  /** The headers every HTML response carries, cached or not. */
  function setPageHeaders(res: Response, lang: Lang, cacheControl: string, csp: string) {
    res.setHeader("Vary", "Accept-Encoding");
    res.setHeader("Content-Language", LANGUAGE_INFO[lang].htmlLang);
    res.setHeader("Cache-Control", cacheControl);
    res.setHeader("Content-Security-Policy", csp);
  }

  /** Sends a cached page: negotiated encoding, strong ETag, 304 when it matches, HTML cache headers. */
  function sendCached(req: Request, res: Response, status: number, lang: Lang, page: Page) {
    const encoding = negotiateEncoding(req);
    const remaining = clock(res).secondsLeft;
    const swr = Math.min(60, Math.floor(remaining / 2));
    const cacheControl =
      status === 200
        ? `public, max-age=${Math.min(300, remaining - swr)}, s-maxage=${remaining - swr}, stale-while-revalidate=${swr}`
        : "public, max-age=60";
    setPageHeaders(res, lang, cacheControl, page.csp);
    res.setHeader("ETag", page.etags[encoding]);
    const ifNoneMatch = req.headers["if-none-match"];
    if (status === 200 && ifNoneMatch) {
      const tags = ifNoneMatch.split(",").map((s) => s.trim().replace(/^W\//, ""));
      if (tags.includes("*") || Object.values(page.etags).some((e) => tags.includes(e))) {
        res.status(304).end();
        return;
      }
    }
    sendBody(res, status, page.bodies[encoding], encoding);
  }

  function sendBody(res: Response, status: number, body: Buffer, encoding: Encoding) {
    if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
    res.setHeader("Content-Type", "text/html; charset=utf-8");
    res.status(status).send(body);
  }

  type Page = CachedPage & { csp: string };
  const cache = new PageCache<Page>();
  /** The day's cached copy of a page, rendered, hashed for the CSP and compressed on first use. */
  const cached = (res: Response, key: string, render: () => string): Page =>
    cache.get(clock(res).today.iso, key, () => {
      const html = render();
      return { ...compressPage(html), csp: cspHeaderFor(inlineHashes(html)) };
    });

  /** A redirect with no body: the Location is built from fixed paths and the raw query, never echoed into HTML. */
  const redirect = (res: Response, location: string, cacheControl: string) => {
    res.setHeader("Cache-Control", cacheControl);
    res.setHeader("Location", location);
    res.status(301).end();
  };

  // `/en/`, `/es/` → `/en`, `/es` (Express would otherwise answer them as `/en`, `/es`).
  app.use((req, res, next) => {
    const location =
      req.method === "GET" || req.method === "HEAD" ? trailingSlashLocation(req.path, rawQueryOf(req)) : null;
    if (location) return redirect(res, location, "public, max-age=86400");
    next();
  });

  for (const lang of LANGS) {
    app
      .route(landingHref(lang))
      .get((req, res) => {
        // Old `/?lang=…` links: to the language's path, every other parameter as it came.
        const legacy = lang === DEFAULT_LANG ? legacyLangLocation(rawQueryOf(req) ?? "") : null;
        if (legacy) return redirect(res, legacy, "private, max-age=86400");
        const params = queryOf(req);
        // Only the calculator's own parameters change the page; any other (utm_*, fbclid…) gets the cached copy.
        if (!params.has("leads") && !params.has("interactions")) {
          return sendCached(
            req,
            res,
            200,
            lang,
            cached(res, `landing:${lang}`, () => renderLanding(input(res, lang))),
          );
        }
        // The calculator's GET form: rendered fresh, never stored (a flood of distinct queries must
        // not grow memory), compressed quickly rather than maximally.
        const html = renderLanding(
          input(res, lang),
          sanitizeQuery({ leads: single(params, "leads"), interactions: single(params, "interactions") }),
        );
        const encoding = negotiateEncoding(req);
        setPageHeaders(res, lang, "private, no-cache", cspHeaderFor(inlineHashes(html)));
        sendBody(res, 200, compressForRequest(html, encoding), encoding);
      })
      .all(methodNotAllowed);
  }

  for (const route of ["privacy", "terms"] as const) {
    app
      .route(`/${route}`)
      .get((req, res) =>
        sendCached(
          req,
          res,
          200,
          "pt",
          cached(res, route, () => renderLegal(input(res, "pt"), route)),
        ),
      )
      .all(methodNotAllowed);
  }

  function sendMessage(req: Request, res: Response, status: number, kind: MessageKind) {
    const lang = langOfPath(req.path);
    sendCached(
      req,
      res,
      status,
      lang,
      cached(res, `${kind}:${lang}`, () => renderMessage(input(res, lang), kind)),
    );
  }

  function methodNotAllowed(req: Request, res: Response) {
    res.setHeader("Allow", ALLOW);
    sendMessage(req, res, 405, "methodNotAllowed");
  }

  // Static files come after the pages (the pages are the hot path), all from memory. Content-hashed
  // client files, precompressed, never change under their name: browsers and CDNs keep them a year.
  app.use("/assets", serveAssets(assets.assetsDir, "public, max-age=31536000, immutable"));
  // Icons and the preview image, from memory (no disk access per request): stable names, so a day.
  app.use(serveAssets(assets.publicDir, "public, max-age=86400", true));

  // Anything else is a real 404 page in the visitor's language, with a way home.
  app.use((req, res) => sendMessage(req, res, 404, "notFound"));

  // Errors keep their 4xx status (bad encoding, oversize body…); anything else is a 500. Never a
  // stack trace, never the request echoed.
  const onError: ErrorRequestHandler = (err, req, res, _next) => {
    const raw = Number(
      (err as { status?: number; statusCode?: number }).status ?? (err as { statusCode?: number }).statusCode,
    );
    const status = raw >= 400 && raw < 500 ? raw : 500;
    if (status === 500) options.logger?.error("request failed", err);
    if (res.headersSent) {
      res.destroy();
      return;
    }
    if (status === 405) res.setHeader("Allow", ALLOW);
    const kind: MessageKind =
      status === 404 ? "notFound" : status === 405 ? "methodNotAllowed" : status < 500 ? "badRequest" : "generic";
    try {
      sendMessage(req, res, status, kind);
    } catch (renderError) {
      // Even the error page failed (the clock, the renderer): a plain line, still no details.
      options.logger?.error("error page failed", renderError);
      res
        .status(status)
        .type("text/plain; charset=utf-8")
        .send(status === 500 ? "Internal Server Error" : "Bad Request");
    }
  };
  app.use(onError);

  // For tests and diagnostics: how many rendered pages the cache holds.
  app.locals.pageCache = cache;
  return app;
}
