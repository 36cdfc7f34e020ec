/**
 * How an HTML page leaves the server, cached or not. Cached pages: one copy per (route, language,
 * day), rendered, compressed, ETagged and CSP-hashed on first use (pageCache.ts), sent with HTML
 * cache headers that end at the next midnight in TIME_ZONE. Calculator answers: a cached page with
 * the calculator island rendered for the request (src/server/answer/, decisions 040 and 049),
 * never stored, `private, no-cache`, never a 304. Both carry the same page headers. The clock is
 * read once per request (src/content/dates.ts).
 */
import type { Request, Response } from "express";
import { LANGUAGE_INFO, type Lang } from "../shared/languages";
import type { Assets } from "./assets";
import type { PageSettings } from "../content/site";
import { dayOf, type Day } from "../content/dates";
import { compressOnce, encoded, negotiateEncoding, sendEncoded, type Encoded } from "./encoding";
import { createAnswerRenderer, type AnswerRenderer } from "./answer";
import type { CalculatorQuery } from "../shared/calculator";
import { PageCache } from "./pageCache";
import type { RenderInput } from "./render";
import { cspHeaderFor, inlineHashes, measurementSources, type ThirdParty } from "./security";

const HTML = "text/html; charset=utf-8";

/** Renders a page from the request's language and today's date. */
export type Render = (input: RenderInput) => string;

interface Page {
  body: Encoded;
  csp: string;
}

export interface PageSender {
  /**
   * Sends the day's cached copy of page `key`, rendering it on first use. `measured`: a landing
   * page, whose CSP allows the configured measurement tools' hosts (decision 046).
   */
  sendCached(
    req: Request,
    res: Response,
    status: number,
    lang: Lang,
    key: string,
    render: Render,
    measured?: boolean,
  ): void;
  /**
   * Sends the calculator's answer for `query` in the day's page `key` (`render` renders it with no
   * answer; it holds the calculator island): `private, no-cache`, never stored, never a 304, no
   * ETag, `Content-Length`. `measured` as for sendCached. `ref`: the page's reference, which the
   * island's links carry (decision 056); one answer renderer per language and reference, a closed
   * set (the segments and the variants the catalogues hold).
   */
  sendAnswer(
    req: Request,
    res: Response,
    lang: Lang,
    key: string,
    render: Render,
    query: CalculatorQuery,
    measured?: boolean,
    ref?: string | null,
  ): void;
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

export function createPageSender(config: PageSettings, assets: Assets, now: () => Date): PageSender {
  const cache = new PageCache<Page>();
  const answers = new Map<string, AnswerRenderer>();
  const answersFor = (lang: Lang, ref: string | null): AnswerRenderer => {
    const id = `${lang} ${ref ?? ""}`;
    let renderer = answers.get(id);
    if (!renderer) answers.set(id, (renderer = createAnswerRenderer(config, lang, ref)));
    return renderer;
  };
  const clock = (res: Response): Day => (res.locals.day ??= dayOf(now(), config.timeZone));
  const input = (res: Response, lang: Lang): RenderInput => ({ config, assets, lang, today: clock(res).today });
  const thirdParty: ThirdParty = measurementSources(config.measurement);
  const csp = (html: string, measured = false) => cspHeaderFor(inlineHashes(html), measured ? thirdParty : {});

  /** The day's cached copy of page `key`, rendered, compressed and hashed on first use. */
  const cached = (res: Response, lang: Lang, key: string, render: Render, measured?: boolean): Page =>
    cache.get(clock(res).today.iso, key, () => {
      const html = render(input(res, lang));
      return { body: encoded(compressOnce(Buffer.from(html))), csp: csp(html, measured) };
    });

  return {
    cache,
    sendCached(req, res, status, lang, key, render, measured) {
      const page = cached(res, lang, key, render, measured);
      setPageHeaders(res, lang, cacheControl(status, clock(res).secondsLeft), page.csp);
      sendEncoded(req, res, status, HTML, page.body);
    },
    sendAnswer(req, res, lang, key, render, query, measured, ref = null) {
      // The cut shares the cached page's bytes (the same page with no answer) instead of a copy.
      const page = () => cached(res, lang, key, render, measured).body.bodies.identity;
      const answer = answersFor(lang, ref).answer(clock(res).today.iso, key, page, query);
      setPageHeaders(res, lang, "private, no-cache", cspHeaderFor(answer.hashes, measured ? thirdParty : {}));
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
