/**
 * From the database's counts to the report's rows (issue 36 items 1–3, decision 092): days folded
 * into weeks (starting Monday) or months, spend attached to the rows it joins, the rates and money
 * per row, the total, and each row's label in Portuguese. Pure: tested without a database.
 */
import { translator } from "../../content/catalogue";
import { SEGMENTS } from "../../content/segments";
import { reportText as r } from "../../content/catalogue";
import { isPeriod, type Dimension, type Field, type Period } from "./dimensions";
import { addCounts, emptyCounts, Groups, type CountRow, type Counts } from "../ledger/leadCounts";
import { firstOf } from "./select";

export type Money = Record<string, number>;

export interface ReportRow extends Counts {
  key: Partial<Record<Dimension, string | null>>;
  /** What the ads cost, per currency; empty when no spend joins this row. */
  cost: Money;
}

/** A day `YYYY-MM-DD` in its period: the Monday of its week, its month `YYYY-MM`, or itself. */
export function periodOf(day: string, period: Period): string {
  if (period === "day") return day;
  if (period === "month") return day.slice(0, 7);
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - ((date.getUTCDay() + 6) % 7));
  return date.toISOString().slice(0, 10);
}

/** Rows keyed by the asked dimensions, from rows keyed by fields and `day`. */
export function foldRows(counts: readonly CountRow[], by: readonly Dimension[]): ReportRow[] {
  const rows = new Groups<ReportRow>();
  const values: Array<string | null> = by.map(() => null);
  const make = () => {
    const key: ReportRow["key"] = {};
    by.forEach((d, i) => (key[d] = values[i]));
    return { key, ...emptyCounts(), cost: {} };
  };
  for (const c of counts) {
    by.forEach((d, i) => (values[i] = isPeriod(d) ? periodOf(c.key.day!, d) : (c.key[d as Field] ?? null)));
    addCounts(rows.get(values, make), c);
  }
  return rows.rows;
}

export const addMoney = (into: Money, from: Money) => {
  for (const [currency, amount] of Object.entries(from)) into[currency] = (into[currency] ?? 0) + amount;
};

export function totalOf(rows: readonly ReportRow[]): ReportRow {
  const total: ReportRow = { key: {}, ...emptyCounts(), cost: {} };
  for (const row of rows) {
    addCounts(total, row);
    addMoney(total.cost, row.cost);
  }
  return total;
}

/** localeCompare's order, one collator for every comparison. */
const { compare } = new Intl.Collator();

/** Values in alphabetical order, a missing one ("(nenhum)") last. */
const compareValues = (a: string | null | undefined, b: string | null | undefined) =>
  a === b ? 0 : a === null || a === undefined ? 1 : b === null || b === undefined ? -1 : compare(a, b);

/** Each distinct value of `d` to its place in that order: rows compare numbers (a year by campaign and day is 73,000 rows). */
function places(rows: readonly ReportRow[], d: Dimension): Map<string | null | undefined, number> {
  const values = [...new Set(rows.map((row) => row.key[d]))].sort(compareValues);
  return new Map(values.map((v, i) => [v, i]));
}

/** Most leads first, then most sales, then by label; time rows in time order (then the same). */
export function sortRows(rows: ReportRow[], by: readonly Dimension[]): ReportRow[] {
  const [first, second] = by.map((d) => places(rows, d));
  // Each row's places looked up once, not at every comparison (a year by campaign and day: 73,000 rows).
  const ranked = rows.map((row) => ({
    row,
    a: first?.get(row.key[by[0]]) ?? 0,
    b: second === undefined ? 0 : second.get(row.key[by[1]])!,
  }));
  // Ties broken the same way on both engines, never by the database's group order (decision 129).
  if (isPeriod(by[0]))
    ranked.sort((x, y) => x.a - y.a || y.row.leads - x.row.leads || y.row.won - x.row.won || x.b - y.b);
  else ranked.sort((x, y) => y.row.leads - x.row.leads || y.row.won - x.row.won || x.a - y.a || x.b - y.b);
  ranked.forEach((r, i) => (rows[i] = r.row));
  return rows;
}

/** The rows the page's table shows (decision 094): at most `n`, those with most leads, then most
 * cost (spend-only rows), in the rows' own order; the CSV keeps them all. Chosen without sorting
 * every row (decision 115). */
export function topRows(rows: readonly ReportRow[], n: number): readonly ReportRow[] {
  if (rows.length <= n) return rows;
  // Each row's cost added once, not at every comparison (a year by campaign and day: 73,000 rows).
  const spent = rows.map((row) => Object.values(row.cost).reduce((a, b) => a + b, 0));
  const order = (a: number, b: number) => rows[b].leads - rows[a].leads || spent[b] - spent[a];
  const kept = new Set(firstOf([...rows.keys()], n, order));
  return rows.filter((_, i) => kept.has(i));
}

export const ratio = (a: number, b: number): number | null => (b > 0 ? a / b : null);

/** Per currency: amount ÷ n (money per lead, cost per qualified lead…). */
export const per = (money: Money, n: number): Money =>
  n > 0 ? Object.fromEntries(Object.entries(money).map(([c, v]) => [c, v / n])) : {};

/** Value ÷ cost where both are in the same currency (never converted). */
export const roas = (value: Money, cost: Money): Record<string, number> =>
  Object.fromEntries(
    Object.entries(cost)
      .filter(([, c]) => c > 0)
      .map(([currency, c]) => [currency, (value[currency] ?? 0) / c]),
  );

const pt = translator("pt");
const DATE = new Intl.DateTimeFormat("pt-BR", { day: "2-digit", month: "2-digit", year: "numeric", timeZone: "UTC" });
const MONTH = new Intl.DateTimeFormat("pt-BR", { month: "long", year: "numeric", timeZone: "UTC" });

/** What a dimension's value reads as: a segment's Portuguese name and reference, a period's dates… */
export function valueLabel(d: Dimension, value: string | null | undefined, names: ReadonlyMap<string, string>): string {
  if (value === null || value === undefined) return r("report.none");
  if (d === "segment" && value in SEGMENTS)
    return `${pt(`industries.${value}`)} · ${SEGMENTS[value as keyof typeof SEGMENTS].ref}`;
  if (d === "day") return DATE.format(new Date(`${value}T00:00:00Z`));
  if (d === "week") return r("report.week", { start: DATE.format(new Date(`${value}T00:00:00Z`)) });
  if (d === "month") return MONTH.format(new Date(`${value}-01T00:00:00Z`));
  if (d === "campaign" || d === "content") return names.get(`${d}\u0000${value}`) ?? value;
  return value;
}
