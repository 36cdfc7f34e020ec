/**
 * The report's "retry failed deliveries" (issue 36 item 6, decision 095): every delivery that
 * failed for good goes back to pending, due now, with its attempts counted from zero and its last
 * error kept until the next attempt replaces it. Sent, pending and expired rows are not touched.
 */
import type { Kysely } from "kysely";
import { toDb, type Database } from "./schema";

export async function retryFailed(db: Kysely<Database>, now: Date): Promise<number> {
  const result = await db
    .updateTable("deliveries")
    .set({ status: "pending", attempts: 0, next_attempt_at: toDb(now), locked_until: null })
    .where("status", "=", "failed")
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
