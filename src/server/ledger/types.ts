/**
 * The lead ledger's contract (issue 31, decision 084): the one typed interface through which the
 * sales link's redirect, the API, the report and the outbox reach the data (`Ledger`); the SQL
 * behind it is in this folder only (store.ts, outbox.ts, stats.ts, report.ts), and no caller gets
 * the database itself. Server-only: nothing here reaches a page or a client bundle.
 */
import type { Lang } from "../../shared/languages";
import type { Engine } from "./engine";
import type { CountQuery, CountRow } from "./leadCounts";
import type { SpendQueries } from "./spend";
import type { DeliveryStatus } from "./schema";
import type { DeadLetter, DestinationStats } from "./stats";
import type { ArmTotals, ArrivalRow, LeadArm } from "./experiments";

export type { ArmTotals, ArrivalRow, LeadArm };

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
  /** Set on an outcome corrected through the API (decision 105): when. */
  correctedAt?: Date;
}
export type LeadWithEvents = Lead & { events: LeadEvent[] };
/**
 * "before-creation": the event's `at` is earlier than the lead (no conversion precedes its click);
 * "contradicts": `won` on a lost lead or `lost` on a won one (an outcome is one or the other).
 */
export type RecordResult =
  | "recorded"
  | "duplicate"
  | "not-found"
  | "before-creation"
  | "contradicts"
  /** With `correct`: the lead's outcome replaced (decision 105); "no-outcome": nothing to correct. */
  | "corrected"
  | "no-outcome";
/**
 * A correction of the lead's outcome (decision 105): the won/lost event is replaced by `event` in
 * one transaction; `keepAt` keeps the replaced event's time (the API's `at` was not given).
 */
export interface Correction {
  keepAt: boolean;
}
/** won and lost exclude each other (issue 35: outcomes that cannot contradict themselves). */
export const EXCLUSIVE: Partial<Record<LeadEventType, LeadEventType>> = { won: "lost", lost: "won" };

export interface LeadStore {
  /**
   * Inserts the lead, its "created" event and that event's deliveries in ONE transaction; resolves
   * with the code once committed. Rejects with StoreUnavailableError when the database is down or
   * not migrated yet, and with LateCommitError when no commit came within `waitMs` (default: the
   * store's timeout, 250 ms). Either the code is given or the lead is not stored (decision 086): a
   * transaction still open at the deadline rolls back, and one whose COMMIT was already on its way
   * (PostgreSQL) is deleted again once it lands, before the outbox sends it.
   */
  createLead(lead: NewLead, now: Date, waitMs?: number, arm?: LeadArm | null): Promise<string>;
  /** Idempotent: (code, type) recorded once; "duplicate" the second time. Deliveries enqueued in the same transaction. */
  recordEvent(code: string, event: LeadEvent, correct?: Correction): Promise<RecordResult>;
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

/** One claimed outbox row, with its lead and event, as a destination sends it. */
export interface Delivery {
  id: number;
  lead: Lead;
  event: LeadEvent;
  /** Attempts already made (0 the first time). */
  attempts: number;
}

/** An erased lead's notice (decision 080): only its code and when it was erased. */
export interface ErasureNotice {
  id: number;
  erasure: { code: string; at: Date };
  attempts: number;
}

/** What the worker claims: an event's delivery or an erasure notice. */
export type OutboxRow = Delivery | ErasureNotice;

/** What happened to claimed rows (the worker's verdict), written by `settle`. */
export interface Settle {
  status?: DeliveryStatus;
  countAttempt: boolean;
  error?: string | null;
  /** Written only where the row has no last error yet (an expiry keeps the error that led to it). */
  errorIfNone?: string;
  nextAttemptAt?: Date;
  sentAt?: Date;
}

/** The outbox's statements (decision 075), for the worker (src/server/outbox/worker.ts). */
export interface OutboxQueries {
  /** Leases up to `limit` due rows of `destination` until `lease`; their ids, ascending. */
  claim(destination: string, limit: number, now: Date, lease: Date): Promise<number[]>;
  /** The claimed rows in id order, each with its lead and event or its erasure notice. */
  load(ids: number[]): Promise<OutboxRow[]>;
  /** Records what happened to rows this lease holds, and lets go of them. */
  settle(ids: number[], lease: Date, change: Settle): Promise<void>;
  /** Pending rows created before `before`, not under a live lease: expired with `reason`. */
  expireOlder(destination: string, before: Date, now: Date, reason: string): Promise<number>;
  /** Deletes rows delivered before `before` (and erasure notices that failed or expired by then). */
  pruneSent(before: Date): Promise<number>;
}

/** The whole ledger: the store's writes and reads, the report's numbers, the outbox. */
export interface Ledger extends LeadStore {
  readonly engine: Engine;
  /** The report's lead counts, grouped as asked (leadCounts.ts). */
  leadCounts(query: CountQuery): Promise<CountRow[]>;
  /** Per destination: deliveries sent, pending, failed, expired, and the latest error. */
  deliveryStats(): Promise<DestinationStats[]>;
  /** The latest failed deliveries (at most `limit`, default 20). */
  deadLetters(limit?: number): Promise<DeadLetter[]>;
  readonly outbox: OutboxQueries;
  /** Experiments (issue 37): adds the flushed arrival counts to their days. */
  addArrivals(counts: readonly ArrivalRow[]): Promise<void>;
  /** Per experiment, phase and arm: arrivals, leads, qualified, sales, value won; the strict window on `at`. */
  armTotals(experiments: readonly string[], at?: Date): Promise<ArmTotals[]>;
  /** Leads on `path` since `from` that were qualified or won (the plan line). */
  qualifiedOnPage(path: string, from: Date): Promise<number>;
  /** The imported spend and Google's fetch log (spend.ts, decision 093). */
  readonly spend: SpendQueries;
  /** Every failed delivery back to pending, due `now` (retry.ts); how many. */
  retryFailed(now: Date): Promise<number>;
}

/** conv registers destinations; the store inserts a delivery for each that wants the event, in the event's transaction. */
export interface Destination {
  name: string;
  wants(lead: Lead, event: LeadEvent): boolean;
  /** Told when a lead is erased (the CRM webhook, decision 080): a notice with its code and time. */
  notifiesErasure?: boolean;
  /** Told of a corrected outcome (the CRM webhook, decision 105); others never see a correction. */
  takesCorrections?: boolean;
}

/** Thrown (rejected) when the database is slow, down or not ready: callers go on without it. */
export class StoreUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "StoreUnavailableError";
  }
}

/** createLead's deadline passed: the lead is not stored (rolled back, or deleted once its commit landed). */
export class LateCommitError extends StoreUnavailableError {
  constructor(waitMs: number) {
    super(`no commit within ${waitMs} ms`);
    this.name = "LateCommitError";
  }
}
