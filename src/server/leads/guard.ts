/**
 * Which sales-link requests are not recorded (issue 31 item 2, decision 070): they are still
 * redirected, the visitor never sees a difference.
 * - `HEAD`: a client checking the link, not a person asking to talk.
 * - Prefetch and prerender (`Sec-Purpose: prefetch[;prerender]`, `Purpose: prefetch`,
 *   `X-Purpose: preview`, `X-Moz: prefetch`): the browser guessing, not the visitor clicking.
 * - Known crawlers and link-preview fetchers, by a short user-agent list (no generic "bot": phone
 *   makers such as Cubot put it in real browsers' user agents), and requests without a user agent.
 * - Not a top-level navigation (decision 089): `Sec-Fetch-Mode` other than `navigate` or
 *   `Sec-Fetch-Dest` other than `document` where the browser sends them, or an `Accept` that asks
 *   for an image: an `<img src="…/sales?…">`, a fetch or an iframe on another site is not a visitor
 *   asking to talk.
 * - Beyond LEADS_PER_MINUTE recorded leads in this process's current minute (a flood, from one
 *   client or many, cannot grow the database without bound), or beyond one client's share of it
 *   (a tenth, at least 1: one script cannot take the minute from every real visitor); logged once a
 *   minute, never with the client's address.
 */
import type { Request } from "express";
import type { Logger } from "../logger";

export type Unrecorded = "head" | "prefetch" | "crawler" | "embedded";

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
  const mode = req.headers["sec-fetch-mode"];
  const dest = req.headers["sec-fetch-dest"];
  if ((mode !== undefined && mode !== "navigate") || (dest !== undefined && dest !== "document")) return "embedded";
  if (/^\s*image\//i.test(req.headers.accept ?? "")) return "embedded";
  return isCrawler(req.headers["user-agent"]) ? "crawler" : null;
}

/** One client's share of the per-minute budget: a tenth of it, at least one lead. */
export const clientShare = (perMinute: number) => Math.max(1, Math.ceil(perMinute / 10));

/**
 * The per-process budget of recorded leads per minute. `take(client)` is true while the current
 * minute has room and `client` (clientKey) has not used its share; the first refusal of a minute of
 * each kind is logged, with the previous minute's counts when the next minute starts. Memory: one
 * entry per client that recorded a lead this minute, so at most `perMinute` entries.
 */
export function leadBudget(perMinute: number, clock: () => number, logger?: Logger) {
  const share = clientShare(perMinute);
  let minute = -1;
  let recorded = 0;
  let refused = 0;
  let overShare = 0;
  const clients = new Map<string, number>();
  return {
    take(client: string): boolean {
      const now = Math.floor(clock() / 60_000);
      if (now !== minute) {
        if (refused > 0) logger?.warn("leads not recorded over the limit", { minutes: 1, count: refused });
        if (overShare > 0) logger?.warn("leads not recorded over a client's share", { minutes: 1, count: overShare });
        minute = now;
        recorded = 0;
        refused = 0;
        overShare = 0;
        clients.clear();
      }
      const used = clients.get(client) ?? 0;
      if (recorded < perMinute && used < share) {
        recorded++;
        clients.set(client, used + 1);
        return true;
      }
      if (recorded >= perMinute) {
        if (refused++ === 0)
          logger?.warn("leads per minute limit reached: visitors sent on unrecorded", { limit: perMinute });
      } else if (overShare++ === 0)
        logger?.warn("a client reached its share of leads per minute: sent on unrecorded", { share });
      return false;
    },
  };
}
