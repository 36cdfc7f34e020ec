/**
 * The report's lead numbers (issue 36 items 1 and 2, decision 092): leads created in [from, to),
 * grouped in the database by up to two of the lead's fields and, when asked, their day in
 * TIME_ZONE, with how many were qualified and won and the value won per currency. One query for
 * both engines: each lead joins at most one "qualified" and one "won" event ((lead, type) is
 * unique), so a lead is never counted twice.
 */
import { sql, type Kysely } from "kysely";
import type { Engine } from "./engine";
import { localDay } from "./localDay";
import { toDb, type Database, type LeadsTable } from "./schema";

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

export const emptyCounts = (): Counts => ({ leads: 0, qualified: 0, won: 0, value: {} });

export function addCounts(into: Counts, from: Counts): void {
  into.leads += from.leads;
  into.qualified += from.qualified;
  into.won += from.won;
  for (const [currency, amount] of Object.entries(from.value))
    into.value[currency] = (into.value[currency] ?? 0) + amount;
}

export async function leadCounts(db: Kysely<Database>, engine: Engine, q: CountQuery): Promise<CountRow[]> {
  const day = localDay(engine, "l.created_at", q.timeZone, q.from, q.to);
  const groups = [...q.fields.map((f) => sql.ref(`l.${COLUMN[f]}`)), ...(q.byDay ? [day] : [])];
  let query = db
    .selectFrom("leads as l")
    .leftJoin("lead_events as q", (j) => j.onRef("q.lead_id", "=", "l.id").on("q.type", "=", "qualified"))
    .leftJoin("lead_events as w", (j) => j.onRef("w.lead_id", "=", "l.id").on("w.type", "=", "won"))
    .select(q.fields.map((f) => sql.ref<string | null>(`l.${COLUMN[f]}`).as(f)))
    .select((eb) => [
      ...(q.byDay ? [day.as("day")] : []),
      "w.currency",
      eb.fn.countAll<number | string>().as("leads"),
      eb.fn.count<number | string>(eb.fn.coalesce("q.id", "w.id")).as("qualified"),
      eb.fn.count<number | string>("w.id").as("won"),
      eb.fn.sum<number | string | null>("w.value").as("value"),
    ])
    .where("l.created_at", ">=", toDb(q.from))
    .where("l.created_at", "<", toDb(q.to));
  for (const [field, values] of Object.entries(q.filters) as Array<[Field, readonly string[] | null]>) {
    const column = sql.ref(`l.${COLUMN[field]}`);
    query =
      values === null
        ? query.where(sql<boolean>`${column} is null`)
        : query.where(sql<boolean>`${column} in (${sql.join(values.length ? values : [""])})`);
  }
  const raw = (await query.groupBy([...groups, sql.ref("w.currency")]).execute()) as Array<Record<string, unknown>>;

  // A group's leads are split by the currency of their sale (none for most): put them together.
  const names = [...q.fields, ...(q.byDay ? (["day"] as const) : [])];
  const rows = new Map<string, CountRow>();
  for (const r of raw) {
    const key = Object.fromEntries(names.map((n) => [n, (r[n] as string | null) ?? null]));
    const id = JSON.stringify(names.map((n) => key[n]));
    const row = rows.get(id) ?? { key, ...emptyCounts() };
    const currency = r.currency as string | null;
    addCounts(row, {
      leads: Number(r.leads),
      qualified: Number(r.qualified),
      won: Number(r.won),
      value: currency !== null && r.value !== null ? { [currency]: Number(r.value) } : {},
    });
    rows.set(id, row);
  }
  return [...rows.values()];
}
