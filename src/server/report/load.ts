/**
 * Everything the report shows for one query (decision 092): the breakdown's rows, the period's
 * total and the previous period's (same length, just before), and the series over time (per day,
 * per week past 62 days). Three grouped queries, whatever the number of leads.
 */
import { isPeriod, type Field } from "./dimensions";
import type { ValueFilters } from "../ledger/leadCounts";
import type { Ledger } from "../ledger/types";
import { foldRows, periodOf, sortRows, totalOf, type ReportRow } from "./model";
import { addDaysTo, daysBetween, daysOf } from "./periods";
import { midnight, type ReportQuery } from "./range";
import type { TimePoint } from "./TimeChart";

export interface ReportData {
  rows: ReportRow[];
  total: ReportRow;
  previous: ReportRow;
  series: TimePoint[];
  names: ReadonlyMap<string, string>;
}

export const SERIES_DAYS = 62;
const short = new Intl.DateTimeFormat("pt-BR", { day: "2-digit", month: "2-digit", timeZone: "UTC" });
const dayLabel = (day: string) => short.format(new Date(`${day}T00:00:00Z`));

export async function loadReport(
  ledger: Pick<Ledger, "leadCounts">,
  query: ReportQuery,
  timeZone: string,
): Promise<ReportData> {
  const filters: ValueFilters = Object.fromEntries(
    Object.entries(query.filters).map(([f, v]) => [f, v === null ? null : [v]]),
  );
  const fields = query.by.filter((d): d is Field => !isPeriod(d));
  const byDay = query.by.some(isPeriod);
  const length = daysBetween(query.fromDay, query.toDay) + 1;
  const previousFrom = midnight(addDaysTo(query.fromDay, -length), timeZone)!;
  const base = { filters, timeZone };
  const [breakdown, days, before] = await Promise.all([
    ledger.leadCounts({ ...base, from: query.from, to: query.to, fields, byDay }),
    ledger.leadCounts({ ...base, from: query.from, to: query.to, fields: [], byDay: true }),
    ledger.leadCounts({ ...base, from: previousFrom, to: query.from, fields: [], byDay: false }),
  ]);
  const rows = sortRows(foldRows(breakdown, query.by), query.by);
  const period = length > SERIES_DAYS ? "week" : "day";
  const folded = new Map(foldRows(days, [period]).map((row) => [row.key[period]!, row]));
  const buckets = [...new Set(daysOf(query.fromDay, query.toDay).map((d) => periodOf(d, period)))];
  const series = buckets.map((b) => ({
    row: folded.get(b) ?? { key: { [period]: b }, leads: 0, qualified: 0, won: 0, value: {}, cost: {} },
    label: dayLabel(b),
  }));
  return { rows, total: totalOf(rows), previous: totalOf(foldRows(before, [])), series, names: new Map() };
}
