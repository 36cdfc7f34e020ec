/**
 * When to try a delivery again (decision 075): exponential backoff with full jitter between half
 * and the whole step, so workers that failed together do not retry together. The first retries
 * come within a minute (10–20 s, 20–40 s), then the step doubles up to an hour. A destination's
 * own `Retry-After` (429, 503) is followed as given instead: it says when it takes requests again.
 */

export const FIRST_RETRY_MS = 20_000;
export const MAX_RETRY_MS = 60 * 60_000;
/** A Retry-After longer than this is read as this (a day): the delivery's maximum age ends it anyway. */
export const MAX_RETRY_AFTER_MS = 24 * 60 * 60_000;

/** The wait after the `attempts`-th failed attempt (1 = the first), `random` in [0, 1). */
export function retryDelay(attempts: number, random: number = Math.random()): number {
  const step = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, Math.min(attempts - 1, 30)));
  return Math.round(step * (0.5 + random / 2));
}

/**
 * A `Retry-After` header in milliseconds from `now`: delay-seconds or an HTTP date; null when
 * absent or unreadable (the backoff applies), 0 for a date already past.
 */
export function parseRetryAfter(value: string | string[] | undefined, now: Date): number | null {
  const raw = (Array.isArray(value) ? value[0] : value)?.trim();
  if (!raw) return null;
  if (/^\d{1,10}$/.test(raw)) return Math.min(Number(raw) * 1000, MAX_RETRY_AFTER_MS);
  const at = Date.parse(raw);
  if (Number.isNaN(at) || !/[a-z]/i.test(raw)) return null;
  return Math.min(Math.max(0, at - now.getTime()), MAX_RETRY_AFTER_MS);
}
