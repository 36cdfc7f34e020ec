/**
 * The imported spend (issue 36 item 3, decision 093): an import replaces the source's days it
 * covers, whole, in one transaction (a re-import of a period is idempotent); the report reads the
 * cost grouped by what it can join leads on (source, campaign, ad, day) and every id and name to
 * the key and name shown. Costs are integers (millionths) so sums are exact on both engines.
 */
import type { Kysely } from "kysely";
import type { SpendRow, SpendSource } from "../spend/parse";
import { writeTransaction, type DatabaseHandle } from "./engine";
import { fromDb, toDb, type Database } from "./schema";
import { clearSpend, rollUpSpend, spendTotals, type SpendQuery, type SpendTotal } from "./spendTotals";

export type { SpendQuery, SpendTotal };

const CHUNK = 1000;

/** The key a row joins on: ids when the file has them, else names. Google's "ad" is its ad group (`{adgroupid}`). */
export function spendKeys(source: SpendSource, row: SpendRow) {
  const campaign = row.campaignId ?? row.campaignName!;
  const [contentId, contentName] = source === "google" ? [row.groupId, row.groupName] : [row.adId, row.adName];
  const content = contentId ?? contentName;
  return {
    campaign,
    content,
    names: [
      ...[row.campaignId, row.campaignName]
        .filter((a) => a !== null)
        .map((alias) => ({
          kind: "campaign",
          alias: alias!,
          key: campaign,
          name: row.campaignName ?? campaign,
        })),
      ...[contentId, contentName]
        .filter((a) => a !== null)
        .map((alias) => ({
          kind: "content",
          alias: alias!,
          key: content!,
          name: contentName ?? content!,
        })),
    ],
  };
}

export interface ImportResult {
  rows: number;
  /** The days replaced, `YYYY-MM-DD`, both included (null: an empty file replaced nothing). */
  from: string | null;
  to: string | null;
}

export async function importSpend(
  handle: DatabaseHandle,
  source: SpendSource,
  rows: readonly SpendRow[],
): Promise<ImportResult> {
  if (rows.length === 0) return { rows: 0, from: null, to: null };
  const days = rows.map((r) => r.day).sort();
  const [from, to] = [days[0], days.at(-1)!];
  const names = new Map<string, { kind: string; alias: string; key: string; name: string }>();
  const values = rows.map((row) => {
    const keys = spendKeys(source, row);
    for (const n of keys.names) names.set(`${n.kind}\u0000${n.alias}`, n);
    return {
      source,
      day: row.day,
      campaign_key: keys.campaign,
      content_key: keys.content,
      currency: row.currency,
      cost_micros: Math.round(row.cost * 1_000_000),
    };
  });
  await writeTransaction(handle, async (trx) => {
    await clearSpend(trx, "spend", source, from, to);
    for (let i = 0; i < values.length; i += CHUNK)
      await trx
        .insertInto("spend")
        .values(values.slice(i, i + CHUNK))
        .execute();
    const all = [...names.values()];
    for (let i = 0; i < all.length; i += CHUNK)
      await trx
        .insertInto("spend_names")
        .values(all.slice(i, i + CHUNK))
        .onConflict((oc) =>
          oc
            .columns(["kind", "alias"])
            .doUpdateSet((eb) => ({ key: eb.ref("excluded.key"), name: eb.ref("excluded.name") })),
        )
        .execute();
    await rollUpSpend(trx, source, from, to);
  });
  return { rows: rows.length, from, to };
}

export interface SpendName {
  kind: "campaign" | "content";
  alias: string;
  key: string;
  name: string;
}

export async function spendNames(db: Kysely<Database>): Promise<SpendName[]> {
  return (await db.selectFrom("spend_names").selectAll().execute()) as SpendName[];
}

/** Google Ads fetched its conversion file: when, and how many rows it got. */
export async function recordGoogleFetch(db: Kysely<Database>, at: Date, rows: number): Promise<void> {
  await db
    .insertInto("google_file_fetches")
    .values({ id: 1, fetched_at: toDb(at), rows })
    .onConflict((oc) => oc.column("id").doUpdateSet({ fetched_at: toDb(at), rows }))
    .execute();
}

export async function lastGoogleFetch(db: Kysely<Database>): Promise<{ at: Date; rows: number } | null> {
  const row = await db
    .selectFrom("google_file_fetches")
    .select(["fetched_at", "rows"])
    .where("id", "=", 1)
    .executeTakeFirst();
  return row ? { at: fromDb(row.fetched_at), rows: Number(row.rows) } : null;
}

/** The spend's statements as the Ledger offers them (`ledger.spend`). */
export interface SpendQueries {
  import(source: SpendSource, rows: readonly SpendRow[]): Promise<ImportResult>;
  totals(query: SpendQuery): Promise<SpendTotal[]>;
  names(): Promise<SpendName[]>;
  recordGoogleFetch(at: Date, rows: number): Promise<void>;
  lastGoogleFetch(): Promise<{ at: Date; rows: number } | null>;
}

export function spendQueries(handle: DatabaseHandle, guard: <T>(work: Promise<T>) => Promise<T>): SpendQueries {
  const { db } = handle;
  return {
    import: (source, rows) => guard(importSpend(handle, source, rows)),
    totals: (query) => guard(spendTotals(db, query)),
    names: () => guard(spendNames(db)),
    recordGoogleFetch: (at, rows) => guard(recordGoogleFetch(db, at, rows)),
    lastGoogleFetch: () => guard(lastGoogleFetch(db)),
  };
}
