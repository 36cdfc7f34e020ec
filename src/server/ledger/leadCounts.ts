/**
 * The report's lead numbers (issue 36 items 1 and 2, decision 092): leads created in [from, to),
 * grouped in the database by up to two of the lead's fields and, when asked, their day in
 * TIME_ZONE, with how many were qualified and won and the value won per currency. One query for
 * both engines over `leads` alone: the row carries its outcome (migration 7, decision 106).
 */
import { sql, type Kysely } from "kysely";
import type { Engine } from "./engine";
import { localDay, offsetSpans } from "./localDay";
import { fromDb, toDb, type Database, type LeadsTable } from "./schema";

/** The lead's fields the report groups and filters by, and the column behind each. */
export const LEAD_FIELDS = [
  "source",
  "medium",
  "campaign",
  "content",
  "term",
  "segment",
  "variant",
  "lang",
  "page",
  "plan",
] as const;
export type Field = (typeof LEAD_FIELDS)[number];
const COLUMN: Record<Field, keyof LeadsTable & string> = {
  source: "utm_source",
  medium: "utm_medium",
  campaign: "utm_campaign",
  content: "utm_content",
  term: "utm_term",
  segment: "segment",
  variant: "variant",
  lang: "lang",
  page: "path",
  plan: "plan",
};

export interface Counts {
  leads: number;
  /** Leads with a "qualified" or a "won" event (a sale was qualified first). */
  qualified: number;
  won: number;
  /** Value won per ISO 4217 currency (never converted). */
  value: Record<string, number>;
}

export interface CountRow extends Counts {
  /** The group's value per field asked (null: the lead had none), and `day` when asked. */
  key: Partial<Record<Field | "day", string | null>>;
}

/** A filter's accepted values (any of them), or null: the field is empty. */
export type ValueFilters = Partial<Record<Field, readonly string[] | null>>;

export interface CountQuery {
  from: Date;
  to: Date;
  fields: readonly Field[];
  byDay: boolean;
  filters: ValueFilters;
  timeZone: string;
}

type Value = string | null | undefined;

/**
 * Rows by a tuple of group values, in the order first met: one Map per value, no string built per
 * row (a year by campaign and day is 73,000 groups; JSON.stringify of each tuple cost more than the
 * rest). A missing value (null or undefined) is one key, never an empty string's.
 */
export class Groups<T> {
  readonly rows: T[] = [];
  readonly #root = new Map<Value, unknown>();

  /** The row of `values`, made by `make` the first time. */
  get(values: readonly Value[], make: () => T): T {
    let map = this.#root;
    for (let i = 0; i < values.length - 1; i++) {
      const v = values[i] ?? null;
      let next = map.get(v) as Map<Value, unknown> | undefined;
      if (!next) map.set(v, (next = new Map()));
      map = next;
    }
    const last = values.length ? (values[values.length - 1] ?? null) : null;
    let row = map.get(last) as T | undefined;
    if (row === undefined) {
      row = make();
      map.set(last, row);
      this.rows.push(row);
    }
    return row;
  }
}

export const emptyCounts = (): Counts => ({ leads: 0, qualified: 0, won: 0, value: {} });

export function addCounts(into: Counts, from: Counts): void {
  into.leads += from.leads;
  into.qualified += from.qualified;
  into.won += from.won;
  for (const [currency, amount] of Object.entries(from.value))
    into.value[currency] = (into.value[currency] ?? 0) + amount;
}

/**
 * SQLite: whether [from, to) covers most of the stored leads' time span. Then a scan of the table
 * beats the created_at index (a lookup per row, 5–10× slower for a year of a year), which SQLite's
 * planner picks for any range without statistics; PostgreSQL's planner knows from its own.
 */
async function mostOfTheTable(db: Kysely<Database>, q: CountQuery): Promise<boolean> {
  const first = await db
    .selectFrom("leads")
    .select((eb) => eb.fn.min("created_at").as("at"))
    .executeTakeFirst();
  const last = await db
    .selectFrom("leads")
    .select((eb) => eb.fn.max("created_at").as("at"))
    .executeTakeFirst();
  if (!first?.at || !last?.at) return false;
  const [lo, hi] = [fromDb(first.at).getTime(), fromDb(last.at).getTime()];
  const covered = Math.min(hi, q.to.getTime()) - Math.max(lo, q.from.getTime());
  return covered > (hi - lo) / 4;
}

/** The filters as SQL conditions on `l`. */
const filterConditions = (filters: ValueFilters) =>
  (Object.entries(filters) as Array<[Field, readonly string[] | null]>).map(([field, values]) => {
    const column = sql.ref(`l.${COLUMN[field]}`);
    return values === null
      ? sql<boolean>`${column} is null`
      : sql<boolean>`${column} in (${sql.join(values.length ? values : [""])})`;
  });

const DAY_MS = 86_400_000;

/**
 * SQLite, grouped by the local day alone under one offset (decision 130): each day's [start, end)
 * given as a row of a VALUES list and the leads_report index searched per day, instead of
 * `date()` computed per lead and 100,000 rows sorted by day and currency (a year: 27 ms, not 62).
 * The value won per currency: a second query over the won leads alone. Null past 1,000 days.
 */
async function sqliteDayCounts(db: Kysely<Database>, q: CountQuery, offset: number): Promise<CountRow[] | null> {
  const shift = offset * 60_000;
  const first = Date.parse(`${new Date(q.from.getTime() - shift).toISOString().slice(0, 10)}T00:00:00Z`) + shift;
  const days: Array<ReturnType<typeof sql>> = [];
  for (let start = first; start < q.to.getTime(); start += DAY_MS) {
    if (days.length === 1000) return null;
    const [lo, hi] = [Math.max(start, q.from.getTime()), Math.min(start + DAY_MS, q.to.getTime())];
    const day = new Date(start - shift).toISOString().slice(0, 10);
    days.push(sql`(${day}, ${toDb(new Date(lo))}, ${toDb(new Date(hi))})`);
  }
  if (days.length === 0) return [];
  const where = sql.join(
    [sql`l.created_at >= b.lo and l.created_at < b.hi`, ...filterConditions(q.filters)],
    sql` and `,
  );
  const from = sql`with b(day, lo, hi) as (values ${sql.join(days)}) select b.day as day`;
  const counts = await sql<Record<string, string | number>>`${from}, count(*) as leads, sum(l.qualified)
    as qualified, sum(l.won) as won from b join leads l on ${where} group by b.day`.execute(db);
  const values = await sql<Record<string, string | number | null>>`${from}, l.won_currency as currency,
    sum(l.won_value) as value from b join leads l on ${where} and l.won_currency is not null
    group by b.day, l.won_currency`.execute(db);
  const rows = new Map<string, CountRow>();
  for (const r of counts.rows) {
    const day = String(r.day);
    rows.set(day, {
      key: { day },
      leads: Number(r.leads),
      qualified: Number(r.qualified),
      won: Number(r.won),
      value: {},
    });
  }
  for (const r of values.rows) {
    const row = rows.get(String(r.day));
    if (row && r.value !== null) row.value[String(r.currency)] = Number(r.value);
  }
  return [...rows.values()];
}

export async function leadCounts(db: Kysely<Database>, engine: Engine, q: CountQuery): Promise<CountRow[]> {
  if (engine === "sqlite" && q.byDay && q.fields.length === 0) {
    const spans = offsetSpans(q.from, q.to, q.timeZone);
    const rows = spans.length === 1 ? await sqliteDayCounts(db, q, spans[0].offset) : null;
    if (rows) return rows;
  }
  // The zone's offsets (a day's look-up per day of the range) only when the day is asked.
  const days = q.byDay ? [localDay(engine, "l.created_at", q.timeZone, q.from, q.to)] : [];
  const groups = [...q.fields.map((f) => sql.ref(`l.${COLUMN[f]}`)), ...days];
  // The outcome is on the lead row (decision 106): one table, no join. Grouped by the day alone,
  // the leads_report index holds every column read.
  const scan = engine === "sqlite" && q.fields.length > 0 && (await mostOfTheTable(db, q));
  const created = scan ? sql<string>`+l.created_at` : sql.ref<string>("l.created_at");
  let query = db
    .selectFrom("leads as l")
    .select(q.fields.map((f) => sql.ref<string | null>(`l.${COLUMN[f]}`).as(f)))
    .select((eb) => [
      ...days.map((day) => day.as("day")),
      "l.won_currency as currency",
      eb.fn.countAll<number | string>().as("leads"),
      eb.fn.sum<number | string>("l.qualified").as("qualified"),
      eb.fn.sum<number | string>("l.won").as("won"),
      eb.fn.sum<number | string | null>("l.won_value").as("value"),
    ])
    .where(created, ">=", toDb(q.from))
    .where(created, "<", toDb(q.to));
  for (const condition of filterConditions(q.filters)) query = query.where(condition);
  const raw = (await query.groupBy([...groups, sql.ref("l.won_currency")]).execute()) as Array<Record<string, unknown>>;

  // A group's leads are split by the currency of their sale (none for most): put them together.
  const names = [...q.fields, ...(q.byDay ? (["day"] as const) : [])];
  const rows = new Groups<CountRow>();
  for (const r of raw) {
    const values = names.map((n) => (r[n] as string | null) ?? null);
    const row = rows.get(values, () => {
      const key: CountRow["key"] = {};
      names.forEach((n, i) => (key[n] = values[i]));
      return { key, ...emptyCounts() };
    });
    row.leads += Number(r.leads);
    row.qualified += Number(r.qualified);
    row.won += Number(r.won);
    const currency = r.currency as string | null;
    if (currency !== null && r.value !== null) row.value[currency] = (row.value[currency] ?? 0) + Number(r.value);
  }
  return rows.rows;
}
