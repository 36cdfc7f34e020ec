/**
 * The one translation between rows and the ledger's types (types.ts), for every query that reads
 * or writes a lead or an event (the store, the outbox). Times: ISO strings in, Date out (schema.ts);
 * flags: integers 0/1 on both engines (PostgreSQL may hand back a string for a bigint, hence Number).
 */
import type { Lang } from "../../shared/languages";
import { fromDb, fromDbNullable, toDb, type LeadEventRow, type LeadRow } from "./schema";
import type { Lead, LeadEvent, LeadEventType, NewLead } from "./types";

/** The columns a lead is read from (a join may select them without the row's id). */
export type LeadColumns = Omit<
  LeadRow,
  "id" | "pruned_at" | "experiment" | "phase" | "arm" | "qualified" | "won" | "won_value" | "won_currency"
>;
export type EventColumns = Pick<LeadEventRow, "type" | "value" | "currency" | "at"> &
  Partial<Pick<LeadEventRow, "corrected_at">>;

/** The columns of a lead's row, as inserted. */
export function leadRow(code: string, lead: NewLead, now: Date) {
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

export function toLead(row: LeadColumns): Lead {
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
    clicks: Number(row.ad_consent)
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

export function toEvent(row: EventColumns): LeadEvent {
  return {
    type: row.type as LeadEventType,
    value: row.value === null ? null : Number(row.value),
    currency: row.currency,
    at: fromDb(row.at),
    ...(row.corrected_at ? { correctedAt: fromDb(row.corrected_at) } : {}),
  };
}
