/**
 * The report's own addresses (decision 092): the same query with some parameters changed, and a
 * row's drill-down: its values become filters (a period's become the date range) and `by` goes one
 * level down (dimensions.ts DRILL).
 */
import { DRILL, FIELDS, isPeriod, type Dimension } from "./dimensions";
import { periodEnd } from "./periods";
import type { ReportQuery } from "./range";

export type Params = Record<string, string>;

export function paramsOf(query: ReportQuery): Params {
  const params: Params = { from: query.fromDay, to: query.toDay, by: query.by.join(",") };
  for (const field of FIELDS) if (field in query.filters) params[field] = query.filters[field] ?? "";
  if (query.sort) params.sort = query.sort;
  return params;
}

export const href = (path: string, params: Params) => `${path}?${new URLSearchParams(params)}`;

/** The drill-down of a row (null when its last dimension has no level below). */
export function drillHref(
  path: string,
  query: ReportQuery,
  key: Partial<Record<Dimension, string | null>>,
): string | null {
  const last = query.by.at(-1)!;
  const next = DRILL[last];
  if (!next || query.by.includes(next)) return null;
  const params = paramsOf(query);
  for (const d of query.by) {
    const value = key[d];
    if (isPeriod(d)) {
      if (!value) return null;
      const [from, to] = [d === "month" ? `${value}-01` : value, periodEnd(value, d)];
      params.from = from > query.fromDay ? from : query.fromDay;
      params.to = to < query.toDay ? to : query.toDay;
    } else params[d] = value ?? "";
  }
  params.by = next;
  return href(path, params);
}
