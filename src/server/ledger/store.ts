/**
 * The ledger (issue 31, decisions 065–067, 084) over one DatabaseHandle, either engine: the same
 * typed queries behind the `Ledger` interface (types.ts). Writes that belong together (a lead, its
 * "created" event, that event's deliveries) commit in one transaction; createLead gives up within
 * `timeoutMs` so the visitor's redirect never waits on the database.
 */
import type { Kysely } from "kysely";
import { DEFAULT_TIME_ZONE } from "../../content/dates";
import { newLeadCode } from "../leads/code";
import { checkpoint, isUnavailable, isUniqueViolation, writeTransaction, type DatabaseHandle } from "./engine";
import { refreshOutcome, takeOutcome } from "./correct";
import { leadRow, toEvent, toLead } from "./mapper";
import { outboxQueries } from "./outbox";
import { prune } from "./prune";
import { leadCounts } from "./leadCounts";
import { addArrivals, armTotals, qualifiedOnPage, type LeadArm } from "./experiments";
import { fromDb, toDb, type Database } from "./schema";
import { retryFailed } from "./retry";
import { spendQueries } from "./spend";
import { deadLetters, deliveryStats } from "./stats";
import {
  EXCLUSIVE,
  LateCommitError,
  StoreUnavailableError,
  type Destination,
  type Lead,
  type LeadEvent,
  type LeadEventType,
  type Ledger,
  type LeadWithEvents,
  type NewLead,
  type RecordResult,
} from "./types";

export { PRUNED_CODE_PREFIX } from "./prune";
export type { Ledger } from "./types";

export interface StoreOptions {
  /** Where each event may have to go (conv's destinations); one delivery per wanting destination. */
  destinations?: readonly Destination[];
  /** createLead rejects with StoreUnavailableError after this long (default 250 ms). */
  timeoutMs?: number;
  /**
   * LEADS_RETENTION_DAYS: prune() leaves older leads as counts only (default 180): click
   * identifiers erased, the code replaced, the times moved to the start of their day (decision 083).
   */
  retentionDays?: number;
  /** TIME_ZONE: the day a pruned lead's times move to the start of (the report's days). */
  timeZone?: string;
  /** Leads pruned per transaction (default 500): SQLite's driver blocks the process while one runs. */
  pruneBatch?: number;
  /** The clock for rows the store stamps itself (an event's recording time, deliveries). */
  now?: () => Date;
}

export const DEFAULT_TIMEOUT_MS = 250;
export const DEFAULT_RETENTION_DAYS = 180;
const PRUNE_BATCH = 500;

/** Each ledger's database, for tests and scripts that look at the rows themselves (never the server). */
const databases = new WeakMap<Ledger, DatabaseHandle>();
export function databaseOf(ledger: Ledger): DatabaseHandle {
  const database = databases.get(ledger);
  if (!database) throw new Error("not a ledger from createLedger");
  return database;
}
export function createLedger(database: DatabaseHandle, options: StoreOptions = {}): Ledger {
  const destinations = options.destinations ?? [];
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const retentionDays = options.retentionDays ?? DEFAULT_RETENTION_DAYS;
  const timeZone = options.timeZone ?? DEFAULT_TIME_ZONE;
  const pruneBatch = options.pruneBatch ?? PRUNE_BATCH;
  const clock = options.now ?? (() => new Date());
  const { db } = database;

  async function enqueue(trx: Kysely<Database>, lead: Lead, event: LeadEvent, eventId: number, now: Date) {
    const wanted = (d: Destination) => d.wants(lead, event) && (!event.correctedAt || d.takesCorrections); // decision 105
    const names = destinations.filter(wanted).map((d) => d.name);
    if (names.length === 0) return;
    await trx
      .insertInto("deliveries")
      .values(
        names.map((destination) => ({
          event_id: eventId,
          destination,
          next_attempt_at: toDb(now),
          created_at: toDb(now),
        })),
      )
      .execute();
  }

  /** Inserts the lead in one transaction, unless `beforeCommit` throws; its code and row id. */
  async function insertLead(lead: NewLead, now: Date, arm: LeadArm | null, beforeCommit: () => void) {
    return writeTransaction(
      database,
      async (trx) => {
        const code = newLeadCode();
        const { id } = await trx
          .insertInto("leads")
          .values({ ...leadRow(code, lead, now), ...(arm ?? {}) })
          .returning("id")
          .executeTakeFirstOrThrow();
        const event: LeadEvent = { type: "created", value: null, currency: null, at: now };
        const { id: eventId } = await trx
          .insertInto("lead_events")
          .values({ lead_id: id, type: event.type, value: null, currency: null, at: toDb(now), created_at: toDb(now) })
          .returning("id")
          .executeTakeFirstOrThrow();
        await enqueue(trx, { ...lead, code, createdAt: now }, event, eventId, now);
        return { code, id };
      },
      { beforeCommit },
    );
  }

  async function exportLeads(from: Date, to: Date, limit?: number): Promise<LeadWithEvents[]> {
    let query = db
      .selectFrom("leads")
      .selectAll()
      .where("created_at", ">=", toDb(from))
      .where("created_at", "<", toDb(to))
      .orderBy("created_at")
      .orderBy("id");
    if (limit !== undefined) query = query.limit(limit);
    const rows = await query.execute();
    const events = new Map<number, LeadEvent[]>(rows.map((r) => [r.id, []]));
    for (let i = 0; i < rows.length; i += 500) {
      const ids = rows.slice(i, i + 500).map((r) => r.id);
      const found = await db.selectFrom("lead_events").selectAll().where("lead_id", "in", ids).orderBy("id").execute();
      for (const e of found) events.get(e.lead_id)?.push(toEvent(e));
    }
    return rows.map((r): LeadWithEvents => ({ ...toLead(r), events: events.get(r.id) ?? [] }));
  }

  /** A lead committed after its visitor was sent on without the code: deleted with its events and deliveries. */
  async function discard(id: number) {
    for (let tries = 1; tries <= 5; tries++) {
      try {
        return void (await writeTransaction(database, (trx) => trx.deleteFrom("leads").where("id", "=", id).execute()));
      } catch {
        await new Promise((done) => setTimeout(done, 100 * tries));
      }
    }
  }

  const ledger: Ledger = {
    engine: database.engine,

    async createLead(lead, now, waitMs = timeoutMs, arm = null) {
      // One decision, taken once (decision 086): "committed" or "late", whichever comes first. The
      // redirect's visitor gets the code only when committed; a late lead must not stay stored.
      let outcome: "pending" | "committed" | "late" = "pending";
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          if (outcome !== "pending") return;
          outcome = "late";
          reject(new LateCommitError(waitMs));
        }, waitMs);
      });
      const beforeCommit = () => {
        if (outcome === "late") throw new LateCommitError(waitMs);
      };
      const attempt = async () => {
        // A code already taken (about 1 in 10^12 per lead at a million leads) gets a new draw.
        for (let tries = 1; ; tries++) {
          try {
            const row = await insertLead(lead, now, arm, beforeCommit);
            // SQLite's COMMIT ran synchronously after beforeCommit: no timer came in between. A
            // PostgreSQL COMMIT that was on its way when the deadline passed lands here "late".
            if (outcome === "late") void discard(row.id);
            else outcome = "committed";
            return row.code;
          } catch (error) {
            if (tries >= 3 || !isUniqueViolation(error)) throw error;
          }
        }
      };
      try {
        return await Promise.race([attempt(), timeout]);
      } catch (error) {
        throw error instanceof StoreUnavailableError
          ? error
          : new StoreUnavailableError("the lead could not be recorded", { cause: error });
      } finally {
        clearTimeout(timer);
      }
    },

    async recordEvent(code, given, correct): Promise<RecordResult> {
      const now = clock();
      return writeTransaction(database, async (trx) => {
        const row = await trx.selectFrom("leads").selectAll().where("code", "=", code).executeTakeFirst();
        if (!row) return "not-found";
        if (!correct?.keepAt && given.at.getTime() < fromDb(row.created_at).getTime()) return "before-creation";
        let event = given;
        if (correct) {
          const replaced = await takeOutcome(trx, row.id);
          if (!replaced) return "no-outcome";
          event = { ...given, at: correct.keepAt ? replaced : given.at, correctedAt: now };
        }
        const other = EXCLUSIVE[event.type];
        if (other) {
          const opposite = await trx
            .selectFrom("lead_events")
            .select("id")
            .where("lead_id", "=", row.id)
            .where("type", "=", other)
            .executeTakeFirst();
          if (opposite) return "contradicts";
        }
        const inserted = await trx
          .insertInto("lead_events")
          .values({
            lead_id: row.id,
            type: event.type,
            value: event.value,
            currency: event.currency,
            at: toDb(event.at),
            created_at: toDb(now),
            corrected_at: correct ? toDb(now) : null,
          })
          .onConflict((oc) => oc.columns(["lead_id", "type"]).doNothing())
          .returning("id")
          .executeTakeFirst();
        await refreshOutcome(trx, row.id); // the report's columns (decision 106), whatever happened above
        if (!inserted) return "duplicate";
        await enqueue(trx, toLead(row), event, inserted.id, now);
        return correct ? "corrected" : "recorded";
      });
    },

    async findEvent(code, type: LeadEventType) {
      const row = await db
        .selectFrom("lead_events")
        .innerJoin("leads", "leads.id", "lead_events.lead_id")
        .selectAll("lead_events")
        .where("leads.code", "=", code)
        .where("lead_events.type", "=", type)
        .executeTakeFirst();
      return row ? toEvent(row) : null;
    },

    async deleteLead(code) {
      const now = toDb(clock());
      const notified = destinations.filter((d) => d.notifiesErasure).map((d) => d.name);
      const erased = await writeTransaction(database, async (trx) => {
        // Events and their deliveries go with it (ON DELETE CASCADE): nothing pending is sent.
        const result = await trx.deleteFrom("leads").where("code", "=", code).executeTakeFirst();
        if (Number(result.numDeletedRows) === 0) return false;
        // The notice refers to nothing: it outlives the lead (decision 080).
        if (notified.length)
          await trx
            .insertInto("deliveries")
            .values(
              notified.map((destination) => ({
                erased_code: code,
                erased_at: now,
                destination,
                next_attempt_at: now,
                created_at: now,
              })),
            )
            .execute();
        return true;
      });
      // The deleted rows' bytes: zeros in the file already (secure_delete); out of the WAL now (decision 087).
      if (erased) await checkpoint(database);
      return erased;
    },

    exportLeads: (from, to, limit) => available(exportLeads(from, to, limit)),

    prune: (now) => prune(database, now, { retentionDays, timeZone, batch: pruneBatch }),

    leadCounts: (query) => available(leadCounts(db, database.engine, query)),
    deliveryStats: () => available(deliveryStats(db)),
    deadLetters: (limit) => available(deadLetters(db, limit)),
    spend: spendQueries(database, available),
    retryFailed: (now) => available(retryFailed(db, now)),
    outbox: outboxQueries(database),
    addArrivals: (counts) => available(addArrivals(database, counts)),
    armTotals: (experiments, at) => available(armTotals(db, experiments, at)),
    qualifiedOnPage: (path, from) => available(qualifiedOnPage(db, path, from)),

    close: () => database.close(),
  };
  databases.set(ledger, database);
  return ledger;
}

/** A database that is down or locked rejects as StoreUnavailableError (503); anything else is a bug. */
async function available<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    throw isUnavailable(error) ? new StoreUnavailableError("the database did not answer", { cause: error }) : error;
  }
}
