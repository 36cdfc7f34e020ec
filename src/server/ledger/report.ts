/**
 * The marketer's numbers (issue 31 item 5, decision 072): leads created in a period, grouped by
 * segment, variant, utm_campaign and language (or one of them), with how many were qualified and
 * won and the value won per currency. One typed query for both engines: each lead joins at most
 * one "qualified" and one "won" event ((lead, type) is unique), so counting them never counts a
 * lead twice; the database does the grouping, whatever the number of leads.
 */
import type { Kysely } from "kysely";
import { toDb, type Database } from "./schema";

export const GROUPINGS = ["all", "segment", "variant", "campaign", "lang"] as const;
export type Grouping = (typeof GROUPINGS)[number];
export const DIMENSIONS = ["segment", "variant", "campaign", "lang"] as const;
export type Dimension = (typeof DIMENSIONS)[number];

const COLUMN = { segment: "l.segment", variant: "l.variant", campaign: "l.utm_campaign", lang: "l.lang" } as const;

export interface ReportRow {
  /** The group's value per dimension shown (null: the lead had none, e.g. no campaign). */
  key: Partial<Record<Dimension, string | null>>;
  leads: number;
  /** Leads with a "qualified" or a "won" event (a sale was qualified first). */
  qualified: number;
  won: number;
  /** Value won per ISO 4217 currency. */
  value: Record<string, number>;
}

export const dimensionsOf = (by: Grouping): readonly Dimension[] => (by === "all" ? DIMENSIONS : [by]);

/** Rows for leads created in [from, to), most leads first; a total is `totalOf(rows)`. */
export async function leadReport(db: Kysely<Database>, from: Date, to: Date, by: Grouping): Promise<ReportRow[]> {
  const dims = dimensionsOf(by);
  const columns = dims.map((d) => COLUMN[d]);
  const raw = await db
    .selectFrom("leads as l")
    .leftJoin("lead_events as q", (j) => j.onRef("q.lead_id", "=", "l.id").on("q.type", "=", "qualified"))
    .leftJoin("lead_events as w", (j) => j.onRef("w.lead_id", "=", "l.id").on("w.type", "=", "won"))
    .select(columns)
    .select((eb) => [
      "w.currency",
      eb.fn.countAll<number | string>().as("leads"),
      eb.fn.count<number | string>(eb.fn.coalesce("q.id", "w.id")).as("qualified"),
      eb.fn.count<number | string>("w.id").as("won"),
      eb.fn.sum<number | string | null>("w.value").as("value"),
    ])
    .where("l.created_at", ">=", toDb(from))
    .where("l.created_at", "<", toDb(to))
    .groupBy([...columns, "w.currency"])
    .execute();

  // A group's leads are split by the currency of their sale (none for most): put them together.
  const rows = new Map<string, ReportRow>();
  for (const r of raw as Array<Record<string, unknown>>) {
    const key = Object.fromEntries(dims.map((d) => [d, (r[COLUMN[d].slice(2)] as string | null) ?? null]));
    const id = JSON.stringify(dims.map((d) => key[d]));
    const row: ReportRow = rows.get(id) ?? { key, leads: 0, qualified: 0, won: 0, value: {} };
    row.leads += Number(r.leads);
    row.qualified += Number(r.qualified);
    row.won += Number(r.won);
    const currency = r.currency as string | null;
    if (currency !== null && r.value !== null) row.value[currency] = (row.value[currency] ?? 0) + Number(r.value);
    rows.set(id, row);
  }
  return [...rows.values()].sort((a, b) => b.leads - a.leads || b.won - a.won || compareKeys(a, b, dims));
}

function compareKeys(a: ReportRow, b: ReportRow, dims: readonly Dimension[]): number {
  for (const d of dims) {
    const diff = (a.key[d] ?? "").localeCompare(b.key[d] ?? "");
    if (diff !== 0) return diff;
  }
  return 0;
}

export function totalOf(rows: readonly ReportRow[]): ReportRow {
  const total: ReportRow = { key: {}, leads: 0, qualified: 0, won: 0, value: {} };
  for (const row of rows) {
    total.leads += row.leads;
    total.qualified += row.qualified;
    total.won += row.won;
    for (const [currency, amount] of Object.entries(row.value))
      total.value[currency] = (total.value[currency] ?? 0) + amount;
  }
  return total;
}
