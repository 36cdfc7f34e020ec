/**
 * The outbox's SQL, one function per statement, on both engines (decision 075). A claim is one
 * atomic `UPDATE … WHERE id IN (SELECT … LIMIT n) RETURNING`: it sets a lease (`locked_until`) on
 * due rows no lease holds. On PostgreSQL the inner SELECT takes `FOR UPDATE SKIP LOCKED`, so
 * workers on every process and machine claim disjoint rows without waiting on each other; SQLite
 * runs one write at a time, which makes the same statement exclusive there. Every later write names
 * the lease it holds (`locked_until = <its lease>`): a worker whose lease ran out (a stop, a
 * stall) changes nothing that another worker has claimed since.
 */
import { sql, type Kysely } from "kysely";
import { checkpoint, type DatabaseHandle, type Engine } from "./engine";
import { toEvent, toLead, type EventColumns, type LeadColumns } from "./mapper";
import type { Database } from "./schema";
import { fromDb, toDb } from "./schema";
import type { OutboxQueries, OutboxRow, Settle } from "./types";

/** The statements below bound to one database: the Ledger's `outbox`. */
export function outboxQueries(handle: DatabaseHandle): OutboxQueries {
  const { db, engine } = handle;
  return {
    claim: (destination, limit, now, lease) => claim(db, engine, destination, limit, now, lease),
    load: (ids) => load(db, ids),
    settle: (ids, lease, change) => settle(handle, ids, lease, change),
    expireOlder: (destination, before, now, reason) => expireOlder(db, destination, before, now, reason),
    pruneSent: (before) => pruneSent(db, before),
  };
}

export async function claim(
  db: Kysely<Database>,
  engine: Engine,
  destination: string,
  limit: number,
  now: Date,
  lease: Date,
): Promise<number[]> {
  const at = toDb(now);
  const due = db
    .selectFrom("deliveries")
    .select("id")
    .where("destination", "=", destination)
    .where("status", "=", "pending")
    .where("next_attempt_at", "<=", at)
    .where((eb) => eb.or([eb("locked_until", "is", null), eb("locked_until", "<=", at)]))
    .orderBy("next_attempt_at")
    .orderBy("id")
    .limit(limit)
    .$if(engine === "postgres", (q) => q.forUpdate().skipLocked());
  const rows = await db
    .updateTable("deliveries")
    .set({ locked_until: toDb(lease) })
    .where("id", "in", due)
    .returning("id")
    .execute();
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

/**
 * The claimed rows in id order: each event's delivery with its lead and event, each erasure notice
 * with its code and time (decision 080; its lead is gone, hence the outer joins).
 */
export async function load(db: Kysely<Database>, ids: number[]): Promise<OutboxRow[]> {
  if (!ids.length) return [];
  const rows = await db
    .selectFrom("deliveries as d")
    .leftJoin("lead_events as e", "e.id", "d.event_id")
    .leftJoin("leads as l", "l.id", "e.lead_id")
    .select([
      "d.id",
      "d.attempts",
      "d.erased_code",
      "d.erased_at",
      "e.type",
      "e.value",
      "e.currency",
      "e.at",
      "e.corrected_at",
      "l.code",
      "l.created_at",
      "l.lang",
      "l.path",
      "l.segment",
      "l.variant",
      "l.plan",
      "l.utm_source",
      "l.utm_medium",
      "l.utm_campaign",
      "l.utm_term",
      "l.utm_content",
      "l.ad_consent",
      "l.gclid",
      "l.gbraid",
      "l.wbraid",
      "l.fbclid",
      "l.fbclid_at",
    ])
    .where("d.id", "in", ids)
    .orderBy("d.id")
    .execute();
  return rows.map((r): OutboxRow => {
    const row = { id: Number(r.id), attempts: Number(r.attempts) };
    if (r.erased_code !== null) return { ...row, erasure: { code: r.erased_code, at: fromDb(r.erased_at!) } };
    // Not a notice: its event and lead exist (the outer joins found them).
    return { ...row, lead: toLead(r as LeadColumns), event: toEvent(r as EventColumns) };
  });
}

/** Records what happened to rows this lease holds, and lets go of them. */
export async function settle(handle: DatabaseHandle, ids: number[], lease: Date, change: Settle): Promise<void> {
  if (!ids.length) return;
  const { db } = handle;
  await db
    .updateTable("deliveries")
    .set((eb) => ({
      locked_until: null,
      ...(change.status ? { status: change.status } : {}),
      ...(change.countAttempt ? { attempts: eb("attempts", "+", 1) } : {}),
      ...(change.error !== undefined ? { last_error: change.error } : {}),
      ...(change.errorIfNone ? { last_error: sql<string>`coalesce(last_error, ${change.errorIfNone})` } : {}),
      ...(change.nextAttemptAt ? { next_attempt_at: toDb(change.nextAttemptAt) } : {}),
      ...(change.sentAt ? { sent_at: toDb(change.sentAt) } : {}),
    }))
    .where("id", "in", ids)
    .where("locked_until", "=", toDb(lease))
    .execute();
  // A delivered erasure notice is deleted at once: the erased code it carried stays nowhere (decision 087).
  if (change.status === "sent") {
    const gone = await db
      .deleteFrom("deliveries")
      .where("id", "in", ids)
      .where("erased_code", "is not", null)
      .where("status", "=", "sent")
      .executeTakeFirst();
    if (Number(gone.numDeletedRows) > 0) await checkpoint(handle);
  }
}

/** Pending rows of `destination` created before `before`, not under a live lease: expired, their last error kept. */
export async function expireOlder(
  db: Kysely<Database>,
  destination: string,
  before: Date,
  now: Date,
  reason: string,
): Promise<number> {
  const result = await db
    .updateTable("deliveries")
    .set({ status: "expired", last_error: sql<string>`coalesce(last_error, ${reason})` })
    .where("destination", "=", destination)
    .where("status", "=", "pending")
    .where("created_at", "<", toDb(before))
    .where((eb) => eb.or([eb("locked_until", "is", null), eb("locked_until", "<=", toDb(now))]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Delivered rows whose delivery is older than `before` are deleted (the retention of decision 075),
 * and so are erasure notices that failed or expired before it: their lead is gone, nothing else
 * would ever remove the erased code (decision 080).
 */
export async function pruneSent(db: Kysely<Database>, before: Date): Promise<number> {
  const result = await db
    .deleteFrom("deliveries")
    .where((eb) =>
      eb.or([
        eb.and([eb("status", "=", "sent"), eb("sent_at", "<", toDb(before))]),
        eb.and([
          eb("erased_code", "is not", null),
          eb("status", "in", ["failed", "expired"]),
          eb("created_at", "<", toDb(before)),
        ]),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
