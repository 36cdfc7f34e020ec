/**
 * What the report (/leads) shows of the outbox (decision 075): per destination, how many deliveries
 * are sent, pending, failed (the dead letter) and expired, with the latest error; and the dead
 * letter's rows themselves. Sent rows are deleted after the retention period, so "sent" counts the
 * deliveries of that period.
 */
import type { Kysely } from "kysely";
import type { Database, DeliveryStatus } from "./schema";
import { fromDb } from "./schema";

export interface DestinationStats {
  destination: string;
  sent: number;
  pending: number;
  failed: number;
  expired: number;
  /** The error of the latest failed, expired or retried delivery, if any. */
  lastError: string | null;
}

export async function deliveryStats(db: Kysely<Database>): Promise<DestinationStats[]> {
  const counts = await db
    .selectFrom("deliveries")
    .select(["destination", "status", (eb) => eb.fn.countAll<number | string>().as("n")])
    .groupBy(["destination", "status"])
    .execute();
  const byName = new Map<string, DestinationStats>();
  for (const { destination, status, n } of counts) {
    const stats = byName.get(destination) ?? {
      destination,
      sent: 0,
      pending: 0,
      failed: 0,
      expired: 0,
      lastError: null,
    };
    stats[status as DeliveryStatus] = Number(n);
    byName.set(destination, stats);
  }
  // Each destination's latest error in one query (the row with the highest id that has one).
  const latest = await db
    .selectFrom("deliveries")
    .select(["destination", "last_error"])
    .where("id", "in", (eb) =>
      eb
        .selectFrom("deliveries")
        .select((e) => e.fn.max("id").as("id"))
        .where("last_error", "is not", null)
        .where("status", "!=", "sent")
        .groupBy("destination"),
    )
    .execute();
  for (const { destination, last_error } of latest) {
    const stats = byName.get(destination);
    if (stats) stats.lastError = last_error;
  }
  return [...byName.values()].sort((a, b) => a.destination.localeCompare(b.destination));
}

export interface DeadLetter {
  destination: string;
  /** failed or expired (issue 36: an expiry shows its lead too). */
  status: string;
  code: string;
  event: string;
  attempts: number;
  lastError: string | null;
  createdAt: Date;
}

/** The latest failed or expired deliveries (at most `limit`), for the report's dead-letter list. */
export async function deadLetters(db: Kysely<Database>, limit = 20): Promise<DeadLetter[]> {
  const rows = await db
    .selectFrom("deliveries as d")
    .leftJoin("lead_events as e", "e.id", "d.event_id")
    .leftJoin("leads as l", "l.id", "e.lead_id")
    .select([
      "d.destination",
      "d.status",
      "l.code",
      "e.type",
      "d.erased_code",
      "d.attempts",
      "d.last_error",
      "d.created_at",
    ])
    .where("d.status", "in", ["failed", "expired"])
    .orderBy("d.id", "desc")
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    destination: r.destination,
    status: r.status,
    // An erasure notice (decision 080) has no lead left: its code and "erased".
    code: r.code ?? r.erased_code ?? "",
    event: r.type ?? "erased",
    attempts: Number(r.attempts),
    lastError: r.last_error,
    createdAt: fromDb(r.created_at),
  }));
}
