/**
 * How an HTML page leaves the server, given its descriptor and the request (decision 057). Cached
 * pages: one copy per cache key and day, rendered, compressed, ETagged and CSP-hashed on first use
 * (pageCache.ts), sent with HTML cache headers that end at the next midnight in TIME_ZONE.
 * Calculator answers: a cached page with the calculator island rendered for the request
 * (src/server/calculator/, decisions 040 and 049), never stored, `private, no-cache`, never a 304. Both
 * carry the same page headers. The clock is read once per request (src/content/dates.ts).
 */
import type { Request, Response } from "express";
import { LANGUAGE_INFO, type Lang } from "../shared/languages";
import type { Assets } from "./assets";
import type { PageSettings } from "../content/site";
import { dayOf, type Day } from "../content/dates";
import { sourceRef, type Source } from "../content/source";
import { compressOnce, encoded, negotiateEncoding, sendEncoded, type Encoded } from "./encoding";
import { createAnswerRenderer, type AnswerRenderer } from "./calculator";
import type { CalculatorQuery } from "../shared/calculator";
import { PageCache } from "./pageCache";
import { cacheKey, type PageDescriptor } from "../pages";
import { renderPage } from "./render";
import { cspHeaderFor, inlineHashes, measurementSources, type InlineHashes, type ThirdParty } from "./security";

const HTML = "text/html; charset=utf-8";

/** A page as one request asks for it: which page, in which language, from which ad (its variant). */
export interface PageRequest {
  page: PageDescriptor;
  lang: Lang;
  /** An ad's page's source (the page and a known variant, decision 056); null on other pages. */
  source: Source | null;
}

interface Page {
  body: Encoded;
  csp: string;
}

export interface PageSender {
  /** Sends the day's cached copy of the page, rendering it on first use; `status` 200 unless an error page. */
  send(req: Request, res: Response, page: PageRequest, status?: number, privately?: boolean): void;
  /** The request's day in TIME_ZONE (YYYY-MM-DD), from the clock read once per request. */
  today(res: Response): string;
  /**
   * Sends the calculator's answer for `query` in the day's copy of an ad's page: `private,
   * no-cache`, never stored, never a 304, no ETag, `Content-Length`. One answer renderer per
   * language and source, a closed set (the segments and the variants the catalogues hold); the
   * island's links carry the source's reference (decision 056).
   */
  sendAnswer(req: Request, res: Response, page: PageRequest, query: CalculatorQuery): void;
  /** The cache, for tests and diagnostics (its size). */
  cache: PageCache<Page>;
}

/**
 * HTML Cache-Control: a 200 may be kept by shared caches until the next midnight (so none serves
 * yesterday's date), with up to a minute of stale-while-revalidate; browsers at most 5 minutes.
 * Error pages a minute.
 */
function cacheControl(status: number, secondsLeft: number): string {
  // Error pages show the year too: never fresh past midnight.
  if (status !== 200) return `public, max-age=${Math.min(60, secondsLeft)}`;
  const swr = Math.min(60, Math.floor(secondsLeft / 2));
  return `public, max-age=${Math.min(300, secondsLeft - swr)}, s-maxage=${secondsLeft - swr}, stale-while-revalidate=${swr}`;
}

function setPageHeaders(res: Response, lang: Lang, cacheControl: string, csp: string) {
  res.setHeader("Content-Language", LANGUAGE_INFO[lang].htmlLang);
  res.setHeader("Cache-Control", cacheControl);
  res.setHeader("Content-Security-Policy", csp);
}

export function createPageSender(settings: PageSettings, assets: Assets, now: () => Date): PageSender {
  const cache = new PageCache<Page>();
  const answers = new Map<string, AnswerRenderer>();
  const answersFor = (lang: Lang, source: Source | null): AnswerRenderer => {
    const id = `${lang} ${source ? (sourceRef(source) ?? "") : ""} ${source?.xa ?? ""}`;
    let renderer = answers.get(id);
    if (!renderer) answers.set(id, (renderer = createAnswerRenderer(settings, lang, source)));
    return renderer;
  };
  const clock = (res: Response): Day => (res.locals.day ??= dayOf(now(), settings.timeZone));
  const thirdParty: ThirdParty = measurementSources(settings.measurement);
  // A page that loads measurement: its CSP allows the configured tools' hosts (decision 046).
  const csp = (hashes: InlineHashes, page: PageDescriptor) =>
    cspHeaderFor(hashes, page.loadsMeasurement ? thirdParty : {});

  /** The day's cached copy of the page, rendered, compressed and hashed on first use. */
  const cached = (res: Response, { page, lang, source }: PageRequest): Page => {
    const today = clock(res).today;
    return cache.get(today.iso, cacheKey(page, lang, source?.variant ?? null, source?.xa), () => {
      const html = renderPage(page, { settings, assets, lang, today, source });
      return { body: encoded(compressOnce(Buffer.from(html))), csp: csp(inlineHashes(html), page) };
    });
  };

  return {
    cache,
    today: (res) => clock(res).today.iso,
    send(req, res, asked, status = 200, privately = false) {
      const page = cached(res, asked);
      // An experiment's arrival (issue 37): this visitor's draw, never kept by any cache.
      const control = privately ? "private, no-store" : cacheControl(status, clock(res).secondsLeft);
      setPageHeaders(res, asked.lang, control, page.csp);
      sendEncoded(req, res, status, HTML, page.body);
    },
    sendAnswer(req, res, asked, query) {
      const key = cacheKey(asked.page, asked.lang, asked.source?.variant ?? null, asked.source?.xa);
      // The cut shares the cached page's bytes (the same page with no answer) instead of a copy.
      const page = () => cached(res, asked).body.bodies.identity;
      const answer = answersFor(asked.lang, asked.source).answer(clock(res).today.iso, key, page, query);
      setPageHeaders(res, asked.lang, "private, no-cache", csp(answer.hashes, asked.page));
      const encoding = negotiateEncoding(req);
      const body = answer.body(encoding);
      res.setHeader("Vary", "Accept-Encoding");
      if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
      res.setHeader("Content-Type", HTML);
      res.setHeader("Content-Length", body.length);
      res.status(200).end(body);
    },
  };
}
