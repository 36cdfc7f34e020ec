/**
 * The report's lead numbers (issue 36 items 1 and 2, decision 092): leads created in [from, to),
 * grouped in the database by up to two of the lead's fields and, when asked, their day in
 * TIME_ZONE, with how many were qualified and won and the value won per currency. One query for
 * both engines over `leads` alone: the row carries its outcome (migration 7, decision 106).
 */
import { sql, type Kysely } from "kysely";
import type { Engine } from "./engine";
import { localDay } from "./localDay";
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

/**
 * One string per tuple of group values, cheaper than JSON.stringify (a year by campaign and day is
 * 73,000 groups): each value as its length and itself, a missing one (null or undefined) as "\u0000";
 * two tuples share an id only when they are equal.
 */
export function groupId(values: ReadonlyArray<string | null | undefined>): string {
  let id = "";
  for (const v of values) id += v === null || v === undefined ? "\u0000" : `${v.length}:${v}`;
  return id;
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

export async function leadCounts(db: Kysely<Database>, engine: Engine, q: CountQuery): Promise<CountRow[]> {
  const day = localDay(engine, "l.created_at", q.timeZone, q.from, q.to);
  const groups = [...q.fields.map((f) => sql.ref(`l.${COLUMN[f]}`)), ...(q.byDay ? [day] : [])];
  // The outcome is on the lead row (decision 106): one table, no join. Grouped by the day alone,
  // the leads_report index holds every column read.
  const scan = engine === "sqlite" && q.fields.length > 0 && (await mostOfTheTable(db, q));
  const created = scan ? sql<string>`+l.created_at` : sql.ref<string>("l.created_at");
  let query = db
    .selectFrom("leads as l")
    .select(q.fields.map((f) => sql.ref<string | null>(`l.${COLUMN[f]}`).as(f)))
    .select((eb) => [
      ...(q.byDay ? [day.as("day")] : []),
      "l.won_currency as currency",
      eb.fn.countAll<number | string>().as("leads"),
      eb.fn.sum<number | string>("l.qualified").as("qualified"),
      eb.fn.sum<number | string>("l.won").as("won"),
      eb.fn.sum<number | string | null>("l.won_value").as("value"),
    ])
    .where(created, ">=", toDb(q.from))
    .where(created, "<", toDb(q.to));
  for (const [field, values] of Object.entries(q.filters) as Array<[Field, readonly string[] | null]>) {
    const column = sql.ref(`l.${COLUMN[field]}`);
    query =
      values === null
        ? query.where(sql<boolean>`${column} is null`)
        : query.where(sql<boolean>`${column} in (${sql.join(values.length ? values : [""])})`);
  }
  const raw = (await query.groupBy([...groups, sql.ref("l.won_currency")]).execute()) as Array<Record<string, unknown>>;

  // A group's leads are split by the currency of their sale (none for most): put them together.
  const names = [...q.fields, ...(q.byDay ? (["day"] as const) : [])];
  const rows = new Map<string, CountRow>();
  for (const r of raw) {
    const values = names.map((n) => (r[n] as string | null) ?? null);
    const id = groupId(values);
    let row = rows.get(id);
    if (!row) {
      const key: CountRow["key"] = {};
      names.forEach((n, i) => (key[n] = values[i]));
      row = { key, ...emptyCounts() };
      rows.set(id, row);
    }
    row.leads += Number(r.leads);
    row.qualified += Number(r.qualified);
    row.won += Number(r.won);
    const currency = r.currency as string | null;
    if (currency !== null && r.value !== null) row.value[currency] = (row.value[currency] ?? 0) + Number(r.value);
  }
  return [...rows.values()];
}
