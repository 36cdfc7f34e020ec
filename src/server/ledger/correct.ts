/**
 * Correcting an outcome (issue 35 item 7, decision 105): inside recordEvent's transaction, the
 * lead's won or lost event is deleted (its pending deliveries with it, ON DELETE CASCADE) before the
 * corrected one is inserted. The replaced event's time, or null when the lead had no outcome.
 */
import type { Kysely } from "kysely";
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
