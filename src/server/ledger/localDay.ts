/**
 * A time column's calendar day in TIME_ZONE, as SQL (decision 092): PostgreSQL converts with the
 * zone itself; SQLite has no zones, so the expression shifts by the zone's offset, piecewise over
 * the offsets in force in [from, to) (found here, to the minute, from the platform's zone data).
 */
import { TZDate } from "@date-fns/tz";
import { sql, type RawBuilder } from "kysely";
import type { Engine } from "./engine";

const DAY_MS = 86_400_000;
const offsetAt = (ms: number, timeZone: string) => new TZDate(ms, timeZone).getTimezoneOffset();

/** The offsets (minutes west of UTC, as Date's) in force from `from` to `to`, each with its end. */
export function offsetSpans(from: Date, to: Date, timeZone: string): Array<{ until: Date | null; offset: number }> {
  const spans: Array<{ until: Date | null; offset: number }> = [];
  let offset = offsetAt(from.getTime(), timeZone);
  for (let at = from.getTime(); at < to.getTime(); at += DAY_MS) {
    const next = Math.min(at + DAY_MS, to.getTime());
    if (offsetAt(next, timeZone) === offset) continue;
    // A change within (at, next]: find its minute (zones change on whole minutes).
    let [lo, hi] = [Math.floor(at / 60_000), Math.ceil(next / 60_000)];
    while (hi - lo > 1) {
      const mid = lo + Math.floor((hi - lo) / 2);
      if (offsetAt(mid * 60_000, timeZone) === offset) lo = mid;
      else hi = mid;
    }
    spans.push({ until: new Date(hi * 60_000), offset });
    offset = offsetAt(hi * 60_000, timeZone);
  }
  spans.push({ until: null, offset });
  return spans;
}

/**
 * Literals, not parameters: the expression is both selected and grouped by, and PostgreSQL groups
 * `$1` and `$2` as different expressions. Both come from the configuration, checked here.
 */
const modifier = (offset: number) => sql.lit(`${-Math.trunc(offset)} minutes`);
const ZONE = /^[A-Za-z0-9_+\-/]{1,64}$/;

/** `YYYY-MM-DD` of `column` (a time column, stored as decision 065 says) in the zone. */
export function localDay(engine: Engine, column: string, timeZone: string, from: Date, to: Date): RawBuilder<string> {
  const ref = sql.ref(column);
  if (!ZONE.test(timeZone)) throw new Error("TIME_ZONE is not a zone name");
  if (engine === "postgres") return sql<string>`to_char(${ref} at time zone ${sql.lit(timeZone)}, 'YYYY-MM-DD')`;
  const spans = offsetSpans(from, to, timeZone);
  if (spans.length === 1) return sql<string>`date(${ref}, ${modifier(spans[0].offset)})`;
  const cases = spans
    .slice(0, -1)
    .map((s) => sql`when ${ref} < ${sql.lit(s.until!.toISOString())} then ${modifier(s.offset)}`);
  return sql<string>`date(${ref}, case ${sql.join(cases, sql` `)} else ${modifier(spans.at(-1)!.offset)} end)`;
}
