/**
 * The lead store (issue 31, decisions 065–067) over one DatabaseHandle, either engine: the same
 * typed queries. Writes that belong together (a lead, its "created" event, that event's deliveries)
 * commit in one transaction; createLead gives up within `timeoutMs` so the visitor's redirect never
 * waits on the database.
 */
import { TZDate } from "@date-fns/tz";
import { startOfDay } from "date-fns";
import { sql, type Kysely } from "kysely";
import { DEFAULT_TIME_ZONE } from "../../content/dates";
import { writeTransaction, type DatabaseHandle } from "../db/index";
import { fromDb, fromDbNullable, toDb, type Database, type LeadEventRow, type LeadRow } from "../db/schema";
import type { Lang } from "../../shared/languages";
import { newLeadCode } from "./code";
import {
  StoreUnavailableError,
  type Destination,
  type Lead,
  type LeadEvent,
  type LeadEventType,
  type LeadStore,
  type LeadWithEvents,
  type NewLead,
  type RecordResult,
} from "./types";

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

/** The store with its database, for the outbox worker and the report. */
export interface SqlLeadStore extends LeadStore {
  readonly database: DatabaseHandle;
}

export const DEFAULT_TIMEOUT_MS = 250;
export const DEFAULT_RETENTION_DAYS = 180;
const DAY_MS = 86_400_000;
/** A pruned lead's code: this and its row id, never a code (codes are letters and digits only). */
export const PRUNED_CODE_PREFIX = "~";
const PRUNE_BATCH = 500;

export function createLeadStore(database: DatabaseHandle, options: StoreOptions = {}): SqlLeadStore {
  const destinations = options.destinations ?? [];
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const retentionDays = options.retentionDays ?? DEFAULT_RETENTION_DAYS;
  const timeZone = options.timeZone ?? DEFAULT_TIME_ZONE;
  const pruneBatch = options.pruneBatch ?? PRUNE_BATCH;
  /** Rows by the start of their time's day (as the database value to store), ids per day. */
  const byDay = <R extends { id: number }>(rows: R[], time: (row: R) => Date | string) => {
    const days = new Map<string, number[]>();
    for (const row of rows) {
      // A plain Date: TZDate's toISOString writes the zone's offset, not UTC.
      const day = toDb(new Date(startOfDay(new TZDate(fromDb(time(row)), timeZone)).getTime()));
      const ids = days.get(day);
      if (ids) ids.push(row.id);
      else days.set(day, [row.id]);
    }
    return days;
  };
  const clock = options.now ?? (() => new Date());
  const { db } = database;

  async function enqueue(trx: Kysely<Database>, lead: Lead, event: LeadEvent, eventId: number, now: Date) {
    const names = destinations.filter((d) => d.wants(lead, event)).map((d) => d.name);
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

  async function insertLead(lead: NewLead, now: Date): Promise<string> {
    return writeTransaction(database, async (trx) => {
      const code = newLeadCode();
      const { id } = await trx
        .insertInto("leads")
        .values(leadRow(code, lead, now))
        .returning("id")
        .executeTakeFirstOrThrow();
      const event: LeadEvent = { type: "created", value: null, currency: null, at: now };
      const { id: eventId } = await trx
        .insertInto("lead_events")
        .values({ lead_id: id, type: event.type, value: null, currency: null, at: toDb(now), created_at: toDb(now) })
        .returning("id")
        .executeTakeFirstOrThrow();
      await enqueue(trx, { ...lead, code, createdAt: now }, event, eventId, now);
      return code;
    });
  }

  /** One batch of prune(): the leads, their events' times, and what still waited to be sent. */
  async function pruneLeads(trx: Kysely<Database>, due: { id: number; created_at: Date | string }[], now: Date) {
    for (const [day, group] of byDay(due, (r) => r.created_at))
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
    for (const [day, group] of byDay(events, (e) => e.at))
      await trx.updateTable("lead_events").set({ at: day }).where("id", "in", group).execute();
    for (const [day, group] of byDay(events, (e) => e.created_at))
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

  return {
    database,

    async createLead(lead, now) {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new StoreUnavailableError(`no commit within ${timeoutMs} ms`)), timeoutMs);
      });
      const attempt = async () => {
        // A code already taken (about 1 in 10^12 per lead at a million leads) gets a new draw.
        for (let tries = 1; ; tries++) {
          try {
            return await insertLead(lead, now);
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

    async recordEvent(code, event): Promise<RecordResult> {
      const now = clock();
      return writeTransaction(database, async (trx) => {
        const row = await trx.selectFrom("leads").selectAll().where("code", "=", code).executeTakeFirst();
        if (!row) return "not-found";
        const inserted = await trx
          .insertInto("lead_events")
          .values({
            lead_id: row.id,
            type: event.type,
            value: event.value,
            currency: event.currency,
            at: toDb(event.at),
            created_at: toDb(now),
          })
          .onConflict((oc) => oc.columns(["lead_id", "type"]).doNothing())
          .returning("id")
          .executeTakeFirst();
        if (!inserted) return "duplicate";
        await enqueue(trx, toLead(row), event, inserted.id, now);
        return "recorded";
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
      return writeTransaction(database, async (trx) => {
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
    },

    async exportLeads(from, to, limit) {
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
        const found = await db
          .selectFrom("lead_events")
          .selectAll()
          .where("lead_id", "in", ids)
          .orderBy("id")
          .execute();
        for (const e of found) events.get(e.lead_id)?.push(toEvent(e));
      }
      return rows.map((r): LeadWithEvents => ({ ...toLead(r), events: events.get(r.id) ?? [] }));
    },

    async prune(now) {
      // Decision 083: after the retention a lead is a count. Nothing is left that ties it to the
      // conversation in the sales inbox or the CRM: not the code, not a click, not the time to the
      // second (the day stays, in the report's time zone, so the report's numbers do not change).
      // In transactions of `pruneBatch` leads, until none is due (a backlog after an upgrade).
      const cutoff = toDb(new Date(now.getTime() - retentionDays * DAY_MS));
      let erased = 0;
      for (;;) {
        const due = await db
          .selectFrom("leads")
          .select(["id", "created_at"])
          .where("created_at", "<", cutoff)
          .where("pruned_at", "is", null)
          .orderBy("id")
          .limit(pruneBatch)
          .execute();
        if (due.length > 0) await writeTransaction(database, (trx) => pruneLeads(trx, due, now));
        erased += due.length;
        if (due.length < pruneBatch) return { erased };
      }
    },

    close: () => database.close(),
  };
}

function leadRow(code: string, lead: NewLead, now: Date) {
  const clicks = lead.clicks;
  return {
    code,
    created_at: toDb(now),
    lang: lead.lang,
    path: lead.path,
    segment: lead.segment,
    variant: lead.variant,
    plan: lead.plan,
    utm_source: lead.utm.source,
    utm_medium: lead.utm.medium,
    utm_campaign: lead.utm.campaign,
    utm_term: lead.utm.term,
    utm_content: lead.utm.content,
    ad_consent: clicks ? 1 : 0,
    gclid: clicks?.gclid ?? null,
    gbraid: clicks?.gbraid ?? null,
    wbraid: clicks?.wbraid ?? null,
    fbclid: clicks?.fbclid ?? null,
    fbclid_at: clicks?.fbclidAt ? toDb(clicks.fbclidAt) : null,
  };
}

export function toLead(row: LeadRow): Lead {
  return {
    code: row.code,
    createdAt: fromDb(row.created_at),
    lang: row.lang as Lang,
    path: row.path,
    segment: row.segment,
    variant: row.variant,
    plan: row.plan,
    utm: {
      source: row.utm_source,
      medium: row.utm_medium,
      campaign: row.utm_campaign,
      term: row.utm_term,
      content: row.utm_content,
    },
    clicks: row.ad_consent
      ? {
          gclid: row.gclid,
          gbraid: row.gbraid,
          wbraid: row.wbraid,
          fbclid: row.fbclid,
          fbclidAt: fromDbNullable(row.fbclid_at),
        }
      : null,
  };
}

export function toEvent(row: LeadEventRow): LeadEvent {
  return {
    type: row.type as LeadEventType,
    value: row.value === null ? null : Number(row.value),
    currency: row.currency,
    at: fromDb(row.at),
  };
}

function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "23505" || (typeof code === "string" && code.startsWith("SQLITE_CONSTRAINT"));
}
