/**
 * Correcting an outcome (issue 35 item 7, decision 105): inside recordEvent's transaction, the
 * lead's won or lost event is deleted (its pending deliveries with it, ON DELETE CASCADE) before the
 * corrected one is inserted. The replaced event's time, or null when the lead had no outcome.
 * refreshOutcome then sets the lead row's outcome columns from its events, in the same transaction.
 */
import type { Kysely } from "kysely";
import { OUTCOME_COLUMNS } from "./migrations/007-report-rollups";
import { fromDb, type Database } from "./schema";

export async function takeOutcome(trx: Kysely<Database>, leadId: number): Promise<Date | null> {
  const old = await trx
    .deleteFrom("lead_events")
    .where("lead_id", "=", leadId)
    .where("type", "in", ["won", "lost"])
    .returning("at")
    .executeTakeFirst();
  return old ? fromDb(old.at) : null;
}

/** The lead's outcome columns (migration 7, decision 106) from its events, after any of them changed. */
export async function refreshOutcome(trx: Kysely<Database>, leadId: number): Promise<void> {
  await trx.updateTable("leads").set(OUTCOME_COLUMNS).where("id", "=", leadId).execute();
}
