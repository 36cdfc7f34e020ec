/**
 * The longest period of a breakdown that pairs a day, a week or a month with another level (decision
 * 129): `campaign,day`, `day,campaign`, `content,month`… read the leads and the spend per day and per
 * key (a year by campaign: 73,000 groups; by ad: 730,000), past the report's budget (p95 ≤ 300 ms) on
 * both engines, for a table nobody reads on a phone. Such a breakdown covers the last `PAIR_DAYS` days
 * of the period asked at most (`AD_PAIR_DAYS` with the ad: ten times the rows); the page says so above
 * the table, with links to the whole period by each level alone and to the days before, and the
 * table's CSV follows the same rule (its file name says so). Every other breakdown keeps the period
 * asked (up to 366 days). Pure.
 */
import { isPeriod, type Dimension } from "./dimensions";
import { addDaysTo, daysBetween } from "./periods";
import { midnight, type ReportQuery } from "./range";

/** The most days a time bucket paired with another level covers. */
export const PAIR_DAYS = 31;
/** The same with the ad (`content`): 2,000 ads a day on the benchmark's data, ten times the campaigns. */
export const AD_PAIR_DAYS = 7;

/** The most days this breakdown covers (null: the period asked). */
export function limitOf(by: readonly Dimension[]): number | null {
  if (by.length < 2 || !by.some(isPeriod)) return null;
  return by.includes("content") ? AD_PAIR_DAYS : PAIR_DAYS;
}

/** What the cut left out: the period as asked and how many days the breakdown covers. */
export interface Cut {
  days: number;
  askedFrom: string;
}

/** The query as the report answers it: the period cut to its last days when the breakdown asks for it. */
export function capped(query: ReportQuery, timeZone: string): { query: ReportQuery; cut: Cut | null } {
  const days = limitOf(query.by);
  if (!days || daysBetween(query.fromDay, query.toDay) + 1 <= days) return { query, cut: null };
  const fromDay = addDaysTo(query.toDay, -(days - 1));
  return {
    query: { ...query, fromDay, from: midnight(fromDay, timeZone)! },
    cut: { days, askedFrom: query.fromDay },
  };
}

/** The days before the cut, at most as many, never before the period asked (the notice's link). */
export function daysBefore(query: ReportQuery, cut: Cut): { from: string; to: string } {
  const to = addDaysTo(query.fromDay, -1);
  const from = addDaysTo(query.fromDay, -cut.days);
  return { from: from < cut.askedFrom ? cut.askedFrom : from, to };
}
