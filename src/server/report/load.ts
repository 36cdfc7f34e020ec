/**
 * Everything the report shows for one query (decisions 092, 093): the breakdown's rows with their
 * cost, the period's total and the previous period's (same length, just before), and the series
 * over time (per day, per week past 62 days). Grouped queries only, whatever the number of leads.
 */
import type { Ledger } from "../ledger/types";
import { isPeriod, type Field } from "./dimensions";
import { addMoney, foldRows, periodOf, sortRows, totalOf, type ReportRow } from "./model";
import { addDaysTo, daysBetween, daysOf } from "./periods";
import { midnight, type ReportQuery } from "./range";
import { addSpend, joinable, keyedCounts, leadFilters, namesOf, spendFilter, spendGrouping } from "./spendJoin";
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
const NO_GROUPS = { bySource: false, byCampaign: false, byContent: false, byDay: false };

export async function loadReport(
  ledger: Pick<Ledger, "leadCounts" | "spend">,
  query: ReportQuery,
  timeZone: string,
): Promise<ReportData> {
  const names = namesOf(await ledger.spend.names());
  const filters = leadFilters(query.filters, names);
  const fields = query.by.filter((d): d is Field => !isPeriod(d));
  const byDay = query.by.some(isPeriod);
  const length = daysBetween(query.fromDay, query.toDay) + 1;
  const previousDay = addDaysTo(query.fromDay, -length);
  const previousFrom = midnight(previousDay, timeZone)!;
  const base = { filters, timeZone };
  const spendOnly = spendFilter(query.filters, names);
  const days = { fromDay: query.fromDay, toDay: query.toDay };
  const noSpend = Promise.resolve([]);
  // Grouped by time alone, the breakdown is the series' own query: asked once (decision 106).
  const timeOnly = fields.length === 0 && byDay;
  const dayCounts = ledger.leadCounts({ ...base, from: query.from, to: query.to, fields: [], byDay: true });
  const daySpendQuery = spendOnly ? ledger.spend.totals({ ...days, ...spendOnly, ...NO_GROUPS, byDay: true }) : noSpend;
  const [breakdown, perDay, before, rowSpend, daySpend, beforeSpend] = await Promise.all([
    timeOnly ? dayCounts : ledger.leadCounts({ ...base, from: query.from, to: query.to, fields, byDay }),
    dayCounts,
    ledger.leadCounts({ ...base, from: previousFrom, to: query.from, fields: [], byDay: false }),
    spendOnly && joinable(query.by)
      ? timeOnly
        ? daySpendQuery
        : ledger.spend.totals({ ...days, ...spendOnly, ...spendGrouping(query.by) })
      : noSpend,
    daySpendQuery,
    spendOnly
      ? ledger.spend.totals({ fromDay: previousDay, toDay: addDaysTo(query.fromDay, -1), ...spendOnly, ...NO_GROUPS })
      : noSpend,
  ]);
  const rows = sortRows(addSpend(foldRows(keyedCounts(breakdown, names), query.by), rowSpend, query.by), query.by);
  const total = totalOf(rows);
  // The period's cost, whether or not the rows can carry it.
  total.cost = {};
  for (const s of daySpend) addMoney(total.cost, { [s.currency]: s.cost });
  const previous = totalOf(foldRows(before, []));
  for (const s of beforeSpend) addMoney(previous.cost, { [s.currency]: s.cost });

  const period = length > SERIES_DAYS ? "week" : "day";
  const folded = new Map(
    addSpend(foldRows(perDay, [period]), daySpend, [period]).map((row) => [row.key[period]!, row]),
  );
  const buckets = [...new Set(daysOf(query.fromDay, query.toDay).map((d) => periodOf(d, period)))];
  const series = buckets.map((b) => ({
    row: folded.get(b) ?? { key: { [period]: b }, leads: 0, qualified: 0, won: 0, value: {}, cost: {} },
    label: dayLabel(b),
  }));
  return { rows, total, previous, series, names: names.label };
}
