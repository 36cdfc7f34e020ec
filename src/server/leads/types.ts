/**
 * The lead ledger's contract (issue 31), shared by the store, the sales redirect, the report and the
 * outbox worker. Server-only: the build's browser boundary keeps it out of client bundles.
 */
import type { Lang } from "../../shared/languages";

export type LeadEventType = "created" | "qualified" | "won" | "lost";
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
  /** Non-null only when the visitor accepted advertising. */
  clicks: ClickIds | null;
}
export interface Lead extends NewLead {
  code: string;
  createdAt: Date;
}
export interface LeadEvent {
  type: LeadEventType;
  value: number | null;
  currency: string | null;
  at: Date;
}
export interface LeadStore {
  /** Inserts the lead, its "created" event and that event's deliveries in ONE transaction; resolves with the code once committed. */
  createLead(lead: NewLead, now: Date): Promise<string>;
  /** Idempotent: (code, type) recorded once; "duplicate" the second time. Deliveries enqueued in the same transaction. */
  recordEvent(code: string, event: LeadEvent): Promise<"recorded" | "duplicate" | "not-found">;
  /** Erases lead, events, deliveries. */
  deleteLead(code: string): Promise<boolean>;
  exportLeads(from: Date, to: Date): Promise<Array<Lead & { events: LeadEvent[] }>>;
  /** Retention (LEADS_RETENTION_DAYS). */
  prune(now: Date): Promise<void>;
  close(): Promise<void>;
}
/** conv registers destinations; the store calls enqueue inside the event's transaction. */
export interface Destination {
  name: string;
  wants(lead: Lead, event: LeadEvent): boolean;
}
