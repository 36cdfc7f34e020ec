/**
 * The report's query string, checked once: `from` and `to` are calendar days (YYYY-MM-DD) in the
 * site's TIME_ZONE, both included (default: the last 30 days up to today), at most 366 days apart;
 * `by` is one or two dimensions, comma-separated (default "campaign"; decision 092), never two time
 * buckets; a dimension's name as a parameter filters on it (empty: the leads without it). Anything
 * `sort` names a column of the table (decision 108). Anything else is a 400 naming the field; the
 * value is never echoed.
 */
import { TZDate } from "@date-fns/tz";
import { addDays, format } from "date-fns";
import { FIELDS, isDimension, isPeriod, type Dimension, type Filters } from "./dimensions";
import { isMetric, type Metric } from "./sort";
import { parseQuery, queryPairs, single, type Query } from "../../shared/query";

export interface ReportQuery {
  /** The days as given (or defaulted), YYYY-MM-DD, for the form and the CSV's name. */
  fromDay: string;
  toDay: string;
  /** [from, to) as instants: from's midnight to the midnight after `to`, in the time zone. */
  from: Date;
  to: Date;
  by: Dimension[];
  filters: Filters;
  /** The table's order (decision 108): a column, or the default (most leads first). */
  sort?: Metric;
}

export type QueryError = { field: string };
export const MAX_FILTER_LENGTH = 200;
export const MAX_DAYS = 366;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Midnight of that day in the zone, or null for anything that is not a real calendar day. */
export function midnight(day: string, timeZone: string): Date | null {
  const m = DAY.exec(day);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]) - 1, Number(m[3])];
  const local = new TZDate(y, mo, d, timeZone);
  return local.getFullYear() === y && local.getMonth() === mo && local.getDate() === d
    ? new Date(local.getTime())
    : null;
}

/** A parameter given once, `fallback` when absent, null when repeated (which the form never sends). */
function given(query: Query, name: string, fallback: string): string | null {
  const value = single(query, name);
  return value === undefined ? fallback : value;
}

/** Parameters of the report's URL that are not its query: the CSV's dialect, the import's notice. */
const ASIDE = ["excel", "imported"];

/**
 * The report's request as it came (its raw query, at most 1 KiB read): the report's query, and
 * apart `excel` (the CSV's dialect, `br` or none) and `imported` (the platform just imported, for
 * its notice), all through the one reader (decision 058).
 */
export function readReportRequest(raw: string, now: Date, timeZone: string) {
  const cut = raw.slice(0, 1024);
  const all = parseQuery(cut);
  const rest = queryPairs(cut).filter((pair) => !ASIDE.includes(pair.name ?? ""));
  return {
    query: parseReportQuery(rest.map((pair) => pair.raw).join("&"), now, timeZone),
    excel: single(all, "excel") ?? null,
    imported: single(all, "imported") ?? null,
  };
}

export function parseReportQuery(raw: string, now: Date, timeZone: string): ReportQuery | QueryError {
  // The one query reader (decision 058), at most 1 KiB of it read.
  const query = parseQuery(raw.slice(0, 1024));
  const today = format(new TZDate(now, timeZone), "yyyy-MM-dd");
  const toDay = given(query, "to", today);
  if (toDay === null) return { field: "to" };
  const toStart = midnight(toDay, timeZone);
  if (!toStart) return { field: "to" };
  const fromDay = given(query, "from", format(addDays(new TZDate(toStart, timeZone), -29), "yyyy-MM-dd"));
  if (fromDay === null) return { field: "from" };
  const from = midnight(fromDay, timeZone);
  if (!from || from > toStart || toStart.getTime() - from.getTime() > (MAX_DAYS - 1) * 86_400_000 + 3_600_000)
    return { field: "from" };
  const to = new Date(addDays(new TZDate(toStart, timeZone), 1).getTime());
  const by = given(query, "by", "campaign")?.split(",");
  if (!by || by.length > 2 || !by.every(isDimension) || by[0] === by[1] || by.filter(isPeriod).length > 1)
    return { field: "by" };
  const filters: Filters = {};
  for (const field of FIELDS) {
    if (!query.has(field)) continue;
    const value = given(query, field, "");
    if (value === null || value.length > MAX_FILTER_LENGTH) return { field };
    filters[field] = value === "" ? null : value;
  }
  const sort = given(query, "sort", "");
  if (sort === null || (sort !== "" && !isMetric(sort))) return { field: "sort" };
  return { fromDay, toDay, from, to, by: by as Dimension[], filters, ...(sort ? { sort } : {}) };
}
