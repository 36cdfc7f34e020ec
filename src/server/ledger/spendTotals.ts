/**
 * The report's spend totals (decision 093), read from the smallest table that can answer (decision
 * 106): `spend_months` (per month, source, campaign, ad) for the whole months of a period that is
 * not grouped by day, `spend_days` (per day, source, campaign) for days when the ad is neither grouped
 * nor filtered on, `spend` itself otherwise. `rollUpSpend` rewrites both sums for an import's days,
 * in its transaction, from the rows just stored.
 */
import { sql, type Kysely } from "kysely";
import { groupId } from "./leadCounts";
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
}

const DAY_MS = 86_400_000;
const shift = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
/** The first day of the month after `day`'s. */
const nextMonthStart = (day: string) => {
  const d = new Date(`${day.slice(0, 7)}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + 1);
  return d.toISOString().slice(0, 10);
};

/** The period split into whole months (from spend_months) and the days around them. */
export function spendParts(q: SpendQuery): Part[] {
  const daily: Table = q.byContent || q.contents !== undefined ? "spend" : "spend_days";
  const whole = { from: q.fromDay.endsWith("-01") ? q.fromDay : nextMonthStart(q.fromDay), to: "" };
  whole.to = shift(nextMonthStart(q.toDay), -1) === q.toDay ? q.toDay : shift(`${q.toDay.slice(0, 7)}-01`, -1);
  if (q.byDay || whole.from > whole.to) return [{ table: daily, from: q.fromDay, to: q.toDay }];
  const parts: Part[] = [{ table: "spend_months", from: whole.from.slice(0, 7), to: whole.to.slice(0, 7) }];
  if (q.fromDay < whole.from) parts.push({ table: daily, from: q.fromDay, to: shift(whole.from, -1) });
  if (q.toDay > whole.to) parts.push({ table: daily, from: shift(whole.to, 1), to: q.toDay });
  return parts;
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
  // never read from it: spendParts).
  let query = db
    .selectFrom(part.table as "spend")
    .select(groups)
    .select((eb) => eb.fn.sum<number | string>("cost_micros").as("micros"))
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
  if (parts.length === 1) return (await partTotals(db, q, parts[0])).map((r) => totalOf(q, r, Number(r.micros)));
  const sums = new Map<string, { row: Awaited<ReturnType<typeof partTotals>>[number]; micros: number }>();
  for (const part of parts)
    for (const r of await partTotals(db, q, part)) {
      const id = groupId([
        q.bySource ? r.source : null,
        q.byCampaign ? r.campaign_key : null,
        q.byContent ? r.content_key : null,
        q.byDay ? r.day : null,
        r.currency,
      ]);
      const sum = sums.get(id) ?? { row: r, micros: 0 };
      sum.micros += Number(r.micros);
      sums.set(id, sum);
    }
  return [...sums.values()].map(({ row, micros }) => totalOf(q, row, micros));
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
  await sql`insert into spend_months (source, month, campaign_key, content_key, currency, cost_micros)
    select source, substr(day, 1, 7), campaign_key, content_key, currency, sum(cost_micros) from spend
    where source = ${source} and day >= ${`${firstMonth}-01`} and day <= ${`${lastMonth}-31`}
    group by source, substr(day, 1, 7), campaign_key, content_key, currency`.execute(trx);
}
