/**
 * How an HTML page leaves the server, cached or not. Cached pages: one copy per (route, language,
 * day), rendered, compressed, ETagged and CSP-hashed on first use (pageCache.ts), sent with HTML
 * cache headers that end at the next midnight in TIME_ZONE. Fresh pages (the calculator's
 * answers): rendered per request, never stored, `private, no-cache`. Both carry the same page
 * headers. The clock is read once per request (src/content/dates.ts).
 *
 * A calculator answer is the cached landing page with one part, the calculator island, rendered
 * for the request (decision 040): the page around it is cut once a day at that island (rendered
 * with no answer), its two sides compressed and CSP-hashed once; per request only the island is
 * rendered, hashed and compressed, and put in place. The bytes, the CSP and the headers are those
 * of the whole page rendered for that request (tests/http/calculator-splice.test.ts).
 */
import type { Request, Response } from "express";
import { LANGUAGE_INFO, type Lang } from "../shared/languages";
import type { Assets } from "./assets";
import type { PageSettings } from "../content/site";
import { dayOf, type Day } from "../content/dates";
import { compressOnce, encoded, sendEncoded, sendSpliced, spliced, type Encoded, type Spliced } from "./encoding";
import { PageCache } from "./pageCache";
import type { RenderInput } from "./render";
import {
  cspHeaderFor,
  inlineHashes,
  joinHashes,
  measurementSources,
  type InlineHashes,
  type ThirdParty,
} from "./security";

const HTML = "text/html; charset=utf-8";

/** Renders a page from the request's language and today's date. */
export type Render = (input: RenderInput) => string;

interface Page {
  body: Encoded;
  csp: string;
}

/** A cached page cut around its per-request part. */
interface Cut {
  body: Spliced;
  hashesBefore: InlineHashes;
  hashesAfter: InlineHashes;
}

/** A page with a part rendered per request: the whole page, that part alone, and the part as the page holds it. */
export interface WithPart {
  page: Render;
  part: Render;
  blankPart: Render;
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
   * Sends the day's cached page `key` with its part rendered for this request: `private, no-cache`,
   * never stored, never a 304. `measured` as for sendCached.
   */
  sendWithPart(req: Request, res: Response, lang: Lang, key: string, render: WithPart, measured?: boolean): void;
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
  const cuts = new PageCache<Cut>();
  const clock = (res: Response): Day => (res.locals.day ??= dayOf(now(), config.timeZone));
  const input = (res: Response, lang: Lang): RenderInput => ({ config, assets, lang, today: clock(res).today });
  const thirdParty: ThirdParty = measurementSources(config.measurement);
  const csp = (html: string, measured = false) => cspHeaderFor(inlineHashes(html), measured ? thirdParty : {});

  return {
    cache,
    sendCached(req, res, status, lang, key, render, measured) {
      const page = cache.get(clock(res).today.iso, key, () => {
        const html = render(input(res, lang));
        return { body: encoded(compressOnce(Buffer.from(html))), csp: csp(html, measured) };
      });
      setPageHeaders(res, lang, cacheControl(status, clock(res).secondsLeft), page.csp);
      sendEncoded(req, res, status, HTML, page.body);
    },
    sendWithPart(req, res, lang, key, render, measured) {
      const cut = cuts.get(clock(res).today.iso, key, () => {
        const html = render.page(input(res, lang));
        const blank = render.blankPart(input(res, lang));
        const at = html.indexOf(blank);
        if (at === -1 || html.indexOf(blank, at + 1) !== -1)
          throw new Error(`${key}: the part is not once in the page`);
        const [before, after] = [html.slice(0, at), html.slice(at + blank.length)];
        return {
          body: spliced(Buffer.from(before), Buffer.from(after)),
          hashesBefore: inlineHashes(before),
          hashesAfter: inlineHashes(after),
        };
      });
      const part = render.part(input(res, lang));
      const hashes = joinHashes(cut.hashesBefore, inlineHashes(part), cut.hashesAfter);
      setPageHeaders(res, lang, "private, no-cache", cspHeaderFor(hashes, measured ? thirdParty : {}));
      sendSpliced(req, res, HTML, cut.body, Buffer.from(part));
    },
  };
}
