/**
 * The breakdown's columns and its order by any of them (issue 36's "done when", decision 108): a
 * column's heading is a link `&sort=<metric>`; money spent per result sorts lowest first (the
 * cheapest qualified lead on top), everything else highest first; a row without the number (no
 * cost, no qualified lead) goes last. Amounts in several currencies sort by the first currency
 * (alphabetically), as the headline does. Pure.
 */
import { per, ratio, roas, type Money, type ReportRow } from "./model";
import { firstOf } from "./select";

/** The columns, in the order a budget is decided on: counts, then what they cost, then the rest. */
export const METRICS = [
  "leads",
  "qualified",
  "won",
  "cost",
  "costPerQualified",
  "roas",
  "rateQualified",
  "rateWon",
  "value",
  "valuePerLead",
  "costPerLead",
  "costPerWon",
] as const;
export type Metric = (typeof METRICS)[number];

export const isMetric = (s: string): s is Metric => (METRICS as readonly string[]).includes(s);

/** Sorted lowest first: a cost per result. */
export const ASCENDING: ReadonlySet<Metric> = new Set(["costPerLead", "costPerQualified", "costPerWon"]);

const first = (m: Money): number | null => {
  const [entry] = Object.entries(m).sort(([a], [b]) => a.localeCompare(b));
  return entry ? entry[1] : null;
};

/** The number a row sorts by (null: none, last). */
export function metricValue(row: ReportRow, m: Metric): number | null {
  switch (m) {
    case "leads":
    case "qualified":
    case "won":
      return row[m];
    case "rateQualified":
      return ratio(row.qualified, row.leads);
    case "rateWon":
      return ratio(row.won, row.leads);
    case "value":
      return first(row.value);
    case "valuePerLead":
      return first(per(row.value, row.leads));
    case "cost":
      return first(row.cost);
    case "costPerLead":
      return first(per(row.cost, row.leads));
    case "costPerQualified":
      return first(per(row.cost, row.qualified));
    case "costPerWon":
      return first(per(row.cost, row.won));
    case "roas":
      return first(roas(row.value, row.cost));
  }
}

type Ranked<T> = { row: T; i: number; v: number | null };

/** That column's order of ranked rows: lowest or highest first, none last, ties in their order. */
const compareBy = (m: Metric) => {
  const sign = ASCENDING.has(m) ? 1 : -1;
  return <T>(a: Ranked<T>, b: Ranked<T>) =>
    a.v === null || b.v === null
      ? (a.v === null ? 1 : 0) - (b.v === null ? 1 : 0) || a.i - b.i
      : sign * (a.v - b.v) || a.i - b.i;
};
const ranked = <T extends ReportRow>(rows: readonly T[], m: Metric): Array<Ranked<T>> =>
  rows.map((row, i) => ({ row, i, v: metricValue(row, m) }));

/** The rows in that column's order (a stable sort: ties keep the default order, most leads first). */
export function sortByMetric<T extends ReportRow>(rows: readonly T[], m: Metric): T[] {
  return ranked(rows, m)
    .sort(compareBy(m))
    .map((x) => x.row);
}

/** The first `n` rows of that order (the page's table), without sorting them all (decision 115). */
export function firstByMetric<T extends ReportRow>(rows: readonly T[], m: Metric, n: number): T[] {
  return firstOf(ranked(rows, m), n, compareBy(m)).map((x) => x.row);
}
