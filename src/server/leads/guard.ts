/**
 * Which sales-link requests are not recorded (issue 31 item 2, decision 070): they are still
 * redirected, the visitor never sees a difference.
 * - `HEAD`: a client checking the link, not a person asking to talk.
 * - Prefetch and prerender (`Sec-Purpose: prefetch[;prerender]`, `Purpose: prefetch`,
 *   `X-Purpose: preview`, `X-Moz: prefetch`): the browser guessing, not the visitor clicking.
 * - Known crawlers and link-preview fetchers, by a short user-agent list (no generic "bot": phone
 *   makers such as Cubot put it in real browsers' user agents), and requests without a user agent.
 * - Beyond LEADS_PER_MINUTE recorded leads in this process's current minute (a flood, from one
 *   client or many, cannot grow the database without bound); logged once a minute.
 */
import type { Request } from "express";
import type { Logger } from "../logger";

export type Unrecorded = "head" | "prefetch" | "crawler";

const CRAWLERS =
  /googlebot|adsbot-google|mediapartners-google|google-inspectiontool|storebot-google|bingbot|bingpreview|yandex|baiduspider|duckduckbot|slurp|applebot|petalbot|semrushbot|ahrefsbot|mj12bot|dotbot|bytespider|gptbot|chatgpt-user|oai-searchbot|ccbot|claudebot|anthropic-ai|perplexitybot|amazonbot|facebookexternalhit|facebot|meta-externalagent|twitterbot|linkedinbot|whatsapp|telegrambot|slackbot|discordbot|skypeuripreview|pinterest|redditbot|embedly|\bcrawler\b|\bspider\b/i;

export function isCrawler(userAgent: string | undefined): boolean {
  return !userAgent?.trim() || CRAWLERS.test(userAgent.slice(0, 512));
}

const PREFETCH = /\b(prefetch|prerender|preview)\b/i;

/** Why this request must not be recorded, or null when it may be. */
export function unrecorded(req: Request): Unrecorded | null {
  if (req.method === "HEAD") return "head";
  for (const name of ["sec-purpose", "purpose", "x-purpose", "x-moz"]) {
    const value = req.headers[name];
    if (typeof value === "string" && PREFETCH.test(value)) return "prefetch";
  }
  return isCrawler(req.headers["user-agent"]) ? "crawler" : null;
}

/**
 * The per-process budget of recorded leads per minute. `take()` is true while the current minute
 * has room; the first refusal of a minute is logged, with the previous minute's count of visitors
 * sent on unrecorded when the next minute starts.
 */
export function leadBudget(perMinute: number, clock: () => number, logger?: Logger) {
  let minute = -1;
  let recorded = 0;
  let refused = 0;
  return {
    take(): boolean {
      const now = Math.floor(clock() / 60_000);
      if (now !== minute) {
        if (refused > 0) logger?.warn("leads not recorded over the limit", { minutes: 1, count: refused });
        minute = now;
        recorded = 0;
        refused = 0;
      }
      if (recorded < perMinute) {
        recorded++;
        return true;
      }
      if (refused++ === 0)
        logger?.warn("leads per minute limit reached: visitors sent on unrecorded", { limit: perMinute });
      return false;
    },
  };
}
