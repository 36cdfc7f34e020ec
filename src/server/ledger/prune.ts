/**
 * Retention (LEADS_RETENTION_DAYS, decision 083): after it a lead is a count. Nothing is left that
 * ties it to the conversation in the sales inbox or the CRM: not the code, not a click, not the time
 * to the second (the day stays, in the report's time zone, so the report's numbers do not change).
 * In transactions of `batch` leads, until none is due (a backlog after an upgrade).
 */
import { TZDate } from "@date-fns/tz";
import { startOfDay } from "date-fns";
import { sql, type Kysely } from "kysely";
import { checkpoint, writeTransaction, type DatabaseHandle } from "./engine";
import { fromDb, toDb, type Database } from "./schema";

/** A pruned lead's code: this and its row id, never a code (codes are letters and digits only). */
export const PRUNED_CODE_PREFIX = "~";
const DAY_MS = 86_400_000;

export interface PruneOptions {
  retentionDays: number;
  /** TIME_ZONE: the day a pruned lead's times move to the start of (the report's days). */
  timeZone: string;
  /** Leads per transaction. */
  batch: number;
}

export async function prune(database: DatabaseHandle, now: Date, options: PruneOptions): Promise<{ erased: number }> {
  const cutoff = toDb(new Date(now.getTime() - options.retentionDays * DAY_MS));
  let erased = 0;
  for (;;) {
    const due = await database.db
      .selectFrom("leads")
      .select(["id", "created_at"])
      .where("created_at", "<", cutoff)
      .where("pruned_at", "is", null)
      .orderBy("id")
      .limit(options.batch)
      .execute();
    if (due.length > 0) await writeTransaction(database, (trx) => pruneLeads(trx, due, now, options.timeZone));
    erased += due.length;
    if (due.length < options.batch) {
      // The erased codes and click identifiers: out of the WAL too (decision 087).
      if (erased > 0) await checkpoint(database);
      return { erased };
    }
  }
}

/** Rows by the start of their time's day (as the database value to store), ids per day. */
function byDay<R extends { id: number }>(rows: R[], time: (row: R) => Date | string, timeZone: string) {
  const days = new Map<string, number[]>();
  for (const row of rows) {
    // A plain Date: TZDate's toISOString writes the zone's offset, not UTC.
    const day = toDb(new Date(startOfDay(new TZDate(fromDb(time(row)), timeZone)).getTime()));
    const ids = days.get(day);
    if (ids) ids.push(row.id);
    else days.set(day, [row.id]);
  }
  return days;
}

/** One batch of prune(): the leads, their events' times, and what still waited to be sent. */
async function pruneLeads(
  trx: Kysely<Database>,
  due: { id: number; created_at: Date | string }[],
  now: Date,
  timeZone: string,
) {
  for (const [day, group] of byDay(due, (r) => r.created_at, timeZone))
    await trx
      .updateTable("leads")
      .set({
        code: sql<string>`${sql.lit(PRUNED_CODE_PREFIX)} || cast(id as text)`,
        created_at: day,
        gclid: null,
        gbraid: null,
        wbraid: null,
        fbclid: null,
        fbclid_at: null,
        pruned_at: toDb(now),
      })
      .where("id", "in", group)
      .execute();
  const events = await trx
    .selectFrom("lead_events")
    .select(["id", "at", "created_at"])
    .where(
      "lead_id",
      "in",
      due.map((r) => r.id),
    )
    .execute();
  if (events.length === 0) return;
  for (const [day, group] of byDay(events, (e) => e.at, timeZone))
    await trx.updateTable("lead_events").set({ at: day }).where("id", "in", group).execute();
  for (const [day, group] of byDay(events, (e) => e.created_at, timeZone))
    await trx.updateTable("lead_events").set({ created_at: day }).where("id", "in", group).execute();
  // A count is sent nowhere: what was still waiting (a retention shorter than a destination's
  // window) ends as expired, which the report shows.
  await trx
    .updateTable("deliveries")
    .set({ status: "expired", last_error: "the lead reached LEADS_RETENTION_DAYS", locked_until: null })
    .where("status", "=", "pending")
    .where(
      "event_id",
      "in",
      events.map((e) => e.id),
    )
    .execute();
}
