/**
 * The report's spend totals (decision 093), read from the smallest table that can answer (decision
 * 106): `spend_months` (per month, source, campaign, ad) for the whole months of a period that is
 * not grouped by day, `spend_days` (per day, source, campaign) for days when the ad is neither grouped
 * nor filtered on, `spend` itself otherwise (or a month less the days outside it, decision 115).
 * `rollUpSpend` rewrites both sums for an import's days, in its transaction, from the rows just stored.
 */
import { sql, type Kysely } from "kysely";
import { addDaysTo } from "./days";
import { Groups } from "./leadCounts";
import type { Database } from "./schema";

export interface SpendQuery {
  fromDay: string;
  toDay: string;
  /** What to group by (each also filterable: the keys accepted). */
  bySource: boolean;
  byCampaign: boolean;
  byContent: boolean;
  byDay: boolean;
  sources?: readonly string[];
  campaigns?: readonly string[];
  contents?: readonly string[] | null;
}

export interface SpendTotal {
  source?: string;
  campaign?: string;
  content?: string | null;
  day?: string;
  currency: string;
  cost: number;
}

type Table = "spend" | "spend_days" | "spend_months";
interface Part {
  table: Table;
  /** `YYYY-MM-DD` days, or `YYYY-MM` months for spend_months; both included. */
  from: string;
  to: string;
  /** -1: days outside the period, taken off their month's sum. */
  sign: 1 | -1;
}

const DAY_MS = 86_400_000;
/** The first day of the month after `day`'s. */
const nextMonthStart = (day: string) => {
  const d = new Date(`${day.slice(0, 7)}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + 1);
  return d.toISOString().slice(0, 10);
};
const daysFrom = (from: string, to: string) =>
  (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS + 1;

/**
 * The period as parts to add up: its whole months from spend_months, and for a month it covers in
 * part, its days (from the daily table) or, when the ad is read from `spend` and fewer of the
 * month's days are outside the period than inside, the month's sum less the days outside (decision
 * 115: a year from the 27th reads 8 days of `spend`, not 30).
 */
export function spendParts(q: SpendQuery): Part[] {
  const daily: Table = q.byContent || q.contents !== undefined ? "spend" : "spend_days";
  if (q.byDay) return [{ table: daily, from: q.fromDay, to: q.toDay, sign: 1 }];
  const whole: Part = { table: "spend_months", from: "", to: "", sign: 1 };
  const edges: Part[] = [];
  for (let start = `${q.fromDay.slice(0, 7)}-01`; start <= q.toDay; start = nextMonthStart(start)) {
    const end = addDaysTo(nextMonthStart(start), -1);
    const [from, to] = [q.fromDay > start ? q.fromDay : start, q.toDay < end ? q.toDay : end];
    const month = start.slice(0, 7);
    if (from === start && to === end) {
      whole.from ||= month;
      whole.to = month;
    } else if (daily === "spend" && daysFrom(start, end) - daysFrom(from, to) < daysFrom(from, to)) {
      edges.push({ table: "spend_months", from: month, to: month, sign: 1 });
      if (from > start) edges.push({ table: "spend", from: start, to: addDaysTo(from, -1), sign: -1 });
      if (to < end) edges.push({ table: "spend", from: addDaysTo(to, 1), to: end, sign: -1 });
    } else edges.push({ table: daily, from, to, sign: 1 });
  }
  return whole.from ? [whole, ...edges] : edges;
}

async function partTotals(db: Kysely<Database>, q: SpendQuery, part: Part) {
  const groups = [
    ...(q.bySource ? (["source"] as const) : []),
    ...(q.byCampaign ? (["campaign_key"] as const) : []),
    ...(q.byContent ? (["content_key"] as const) : []),
    ...(q.byDay ? (["day"] as const) : []),
    "currency" as const,
  ];
  const period = sql.ref(part.table === "spend_months" ? "month" : "day");
  // The three tables share every column read here except the period's (and spend_days the ad's,
  // never read from it: spendParts); spend_months says how many rows each of its sums adds up.
  const rows = part.table === "spend_months" ? sql<number | string>`sum(row_count)` : sql<number | string>`count(*)`;
  let query = db
    .selectFrom(part.table as "spend")
    .select(groups)
    .select((eb) => [eb.fn.sum<number | string>("cost_micros").as("micros"), rows.as("rows")])
    .where(sql<boolean>`${period} >= ${part.from} and ${period} <= ${part.to}`);
  if (q.sources) query = query.where("source", "in", q.sources.length ? q.sources : [""]);
  if (q.campaigns) query = query.where("campaign_key", "in", q.campaigns.length ? q.campaigns : [""]);
  if (q.contents === null) query = query.where("content_key", "is", null);
  else if (q.contents) query = query.where("content_key", "in", q.contents.length ? q.contents : [""]);
  return query.groupBy(groups).execute();
}

/** A row of partTotals as a total (its fields in the order the rows always had them). */
function totalOf(q: SpendQuery, r: Awaited<ReturnType<typeof partTotals>>[number], micros: number): SpendTotal {
  const total: SpendTotal = { currency: "", cost: 0 };
  if (q.bySource) total.source = r.source;
  if (q.byCampaign) total.campaign = r.campaign_key;
  if (q.byContent) total.content = r.content_key;
  if (q.byDay) total.day = r.day;
  total.currency = r.currency;
  total.cost = micros / 1_000_000;
  return total;
}

export async function spendTotals(db: Kysely<Database>, q: SpendQuery): Promise<SpendTotal[]> {
  const parts = spendParts(q);
  // One part (any breakdown by day): the database's groups are the totals, nothing to add up
  // (a year by campaign and day is 73,000 of them).
  if (parts.length === 1 && parts[0].sign === 1)
    return (await partTotals(db, q, parts[0])).map((r) => totalOf(q, r, Number(r.micros)));
  const sums = new Groups<{ row: Awaited<ReturnType<typeof partTotals>>[number]; micros: number; rows: number }>();
  for (const part of parts)
    for (const r of await partTotals(db, q, part)) {
      const values = [
        q.bySource ? r.source : null,
        q.byCampaign ? r.campaign_key : null,
        q.byContent ? r.content_key : null,
        q.byDay ? r.day : null,
        r.currency,
      ];
      const sum = sums.get(values, () => ({ row: r, micros: 0, rows: 0 }));
      sum.micros += part.sign * Number(r.micros);
      sum.rows += part.sign * Number(r.rows);
    }
  // A group whose every row is outside the period is no group (a cost of 0 inside still is one).
  return sums.rows.filter((s) => s.rows > 0).map(({ row, micros }) => totalOf(q, row, micros));
}

/** Deletes a source's rows of `table` whose period (day or month) is in [from, to]. */
export async function clearSpend(trx: Kysely<Database>, table: Table, source: string, from: string, to: string) {
  const period = sql.ref(table === "spend_months" ? "month" : "day");
  await trx
    .deleteFrom(table)
    .where("source", "=", source)
    .where(sql<boolean>`${period} >= ${from} and ${period} <= ${to}`)
    .execute();
}

/** Rewrites spend_days and spend_months for a source's days [from, to] from `spend` (an import's transaction). */
export async function rollUpSpend(trx: Kysely<Database>, source: string, from: string, to: string): Promise<void> {
  await clearSpend(trx, "spend_days", source, from, to);
  await sql`insert into spend_days (source, day, campaign_key, currency, cost_micros)
    select source, day, campaign_key, currency, sum(cost_micros) from spend
    where source = ${source} and day >= ${from} and day <= ${to}
    group by source, day, campaign_key, currency`.execute(trx);
  const [firstMonth, lastMonth] = [from.slice(0, 7), to.slice(0, 7)];
  await clearSpend(trx, "spend_months", source, firstMonth, lastMonth);
  await sql`insert into spend_months (source, month, campaign_key, content_key, currency, cost_micros, row_count)
    select source, substr(day, 1, 7), campaign_key, content_key, currency, sum(cost_micros), count(*) from spend
    where source = ${source} and day >= ${`${firstMonth}-01`} and day <= ${`${lastMonth}-31`}
    group by source, substr(day, 1, 7), campaign_key, content_key, currency`.execute(trx);
}
