/**
 * The lead ledger's contract (issue 31), shared by the store (src/server/leads/store.ts), the sales
 * link's redirect, the report and the outbox (src/server/outbox/). Server-only: nothing here reaches
 * a page or a client bundle.
 */
import type { Lang } from "../../shared/languages";

export type LeadEventType = "created" | "qualified" | "won" | "lost";
/** The outcomes the API accepts ("created" is the store's own, written with the lead). */
export const OUTCOME_TYPES = ["qualified", "won", "lost"] as const;
export type OutcomeType = (typeof OUTCOME_TYPES)[number];

export interface Utm {
  source: string | null;
  medium: string | null;
  campaign: string | null;
  term: string | null;
  content: string | null;
}
export interface ClickIds {
  gclid: string | null;
  gbraid: string | null;
  wbraid: string | null;
  fbclid: string | null;
  fbclidAt: Date | null;
}
export interface NewLead {
  lang: Lang;
  path: string;
  segment: string | null;
  variant: string | null;
  plan: string | null;
  utm: Utm;
  /** Non-null only when the visitor accepted advertising (null after retention erased them). */
  clicks: ClickIds | null;
}
export interface Lead extends NewLead {
  code: string;
  createdAt: Date;
}
export interface LeadEvent {
  type: LeadEventType;
  value: number | null;
  /** ISO 4217, three uppercase letters. */
  currency: string | null;
  at: Date;
}
export type LeadWithEvents = Lead & { events: LeadEvent[] };
export type RecordResult = "recorded" | "duplicate" | "not-found";

export interface LeadStore {
  /**
   * Inserts the lead, its "created" event and that event's deliveries in ONE transaction; resolves
   * with the code once committed. Rejects with StoreUnavailableError within the store's timeout
   * (250 ms by default) when the database is slow, down or not migrated yet.
   */
  createLead(lead: NewLead, now: Date): Promise<string>;
  /** Idempotent: (code, type) recorded once; "duplicate" the second time. Deliveries enqueued in the same transaction. */
  recordEvent(code: string, event: LeadEvent): Promise<RecordResult>;
  /** The stored event of that type (what a duplicate answers with), or null. */
  findEvent(code: string, type: LeadEventType): Promise<LeadEvent | null>;
  /**
   * Erases the lead, its events and their deliveries; in the same transaction, enqueues an erasure
   * notice for each destination that takes one (the CRM, decision 080). False when no such code.
   */
  deleteLead(code: string): Promise<boolean>;
  /** Leads created in [from, to), oldest first, at most `limit` (default: all). */
  exportLeads(from: Date, to: Date, limit?: number): Promise<LeadWithEvents[]>;
  /** Retention (LEADS_RETENTION_DAYS): click identifiers of leads older than that are erased. */
  prune(now: Date): Promise<{ erased: number }>;
  close(): Promise<void>;
}

/** conv registers destinations; the store inserts a delivery for each that wants the event, in the event's transaction. */
export interface Destination {
  name: string;
  wants(lead: Lead, event: LeadEvent): boolean;
  /** Told when a lead is erased (the CRM webhook, decision 080): a notice with its code and time. */
  notifiesErasure?: boolean;
}

/** Thrown (rejected) when the database is slow, down or not ready: callers go on without it. */
export class StoreUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "StoreUnavailableError";
  }
}
