/**
 * The tables as Kysely sees them (decision 065): one schema for SQLite and PostgreSQL. Times are
 * written as ISO-8601 UTC strings (`toDb`) and read back as Date (`fromDb`): PostgreSQL stores them
 * as `timestamptz` and returns Date, SQLite as fixed-width text that sorts and compares as time.
 * Flags are integers 0/1 on both engines.
 */
import type { ColumnType, Generated, Selectable } from "kysely";

/** A time column: Date from PostgreSQL, string from SQLite; written as an ISO string. */
export type Time = ColumnType<Date | string, string, string>;
export type NullableTime = ColumnType<Date | string | null, string | null, string | null>;

export interface LeadsTable {
  id: Generated<number>;
  code: string;
  created_at: Time;
  lang: string;
  path: string;
  segment: string | null;
  variant: string | null;
  plan: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  utm_term: string | null;
  utm_content: string | null;
  /** 1 when the visitor accepted advertising (the click identifiers below may be kept). */
  ad_consent: number;
  gclid: string | null;
  gbraid: string | null;
  wbraid: string | null;
  fbclid: string | null;
  fbclid_at: NullableTime;
  /** Set when retention erased the click identifiers (prune). */
  pruned_at: NullableTime;
  /** The experiment, phase and arm of the page the sales link was on (migration 4); never in a `Lead`. */
  experiment: ColumnType<string | null, string | null | undefined, string | null>;
  phase: ColumnType<string | null, string | null | undefined, string | null>;
  arm: ColumnType<string | null, string | null | undefined, string | null>;
  /** The lead's outcome, kept by recordEvent from its events (migration 7, decision 106): 0/1. */
  qualified: ColumnType<number, number | undefined, number>;
  won: ColumnType<number, number | undefined, number>;
  won_value: ColumnType<number | null, number | null | undefined, number | null>;
  won_currency: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Arrivals per experiment, phase, arm and day (migration 4), added to by the flush. */
export interface ExperimentArrivalsTable {
  experiment: string;
  phase: string;
  arm: string;
  day: string;
  arrivals: ColumnType<number | string, number, number>;
}

export interface LeadEventsTable {
  id: Generated<number>;
  lead_id: number;
  type: string;
  value: number | null;
  currency: string | null;
  /** When it happened (the API's `at`, else when it was recorded). */
  at: Time;
  created_at: Time;
  /** When an outcome was corrected (decision 105); null for one never corrected. */
  corrected_at: Time | null;
}

export type DeliveryStatus = "pending" | "sent" | "failed" | "expired";

/**
 * The outbox (conv's worker reads it; the store writes it in the event's transaction). A row is a
 * lead event's delivery (`event_id`) or, since migration 2, an erased lead's notice (`erased_code`,
 * `erased_at`; decision 080), never both.
 */
export interface DeliveriesTable {
  id: Generated<number>;
  event_id: number | null;
  destination: string;
  status: ColumnType<DeliveryStatus, DeliveryStatus | undefined, DeliveryStatus>;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: Time;
  locked_until: NullableTime;
  last_error: string | null;
  created_at: Time;
  sent_at: NullableTime;
  erased_code: string | null;
  erased_at: NullableTime;
}

export interface SchemaMigrationsTable {
  version: number;
  name: string;
  applied_at: Time;
}

/** What the ads cost (migration 3, decision 093): per source, platform day, campaign, ad and currency. */
export interface SpendTable {
  id: Generated<number>;
  source: string;
  day: string;
  campaign_key: string;
  content_key: string | null;
  currency: string;
  /** Millionths of the currency (bigint: a string from PostgreSQL). */
  cost_micros: ColumnType<number | string, number, number>;
}

/** Spend added up per month (`YYYY-MM`) and per day without the ad (migration 7, decision 106). */
export interface SpendMonthsTable {
  source: string;
  month: string;
  campaign_key: string;
  content_key: string | null;
  currency: string;
  cost_micros: ColumnType<number | string, number, number>;
  /** How many `spend` rows the sum adds up (migration 8, decision 115). */
  row_count: ColumnType<number | string, number | undefined, number>;
}
export type SpendDaysTable = Omit<SpendMonthsTable, "month" | "content_key" | "row_count"> & { day: string };

/** Every id and name a spend file used, to its key and the name shown. */
export interface SpendNamesTable {
  kind: string;
  alias: string;
  key: string;
  name: string;
}

/** When Google Ads last fetched its conversion file (one row, id 1). */
export interface GoogleFileFetchesTable {
  id: number;
  fetched_at: Time;
  rows: number;
}

export interface Database {
  spend: SpendTable;
  spend_names: SpendNamesTable;
  spend_months: SpendMonthsTable;
  spend_days: SpendDaysTable;
  google_file_fetches: GoogleFileFetchesTable;
  leads: LeadsTable;
  lead_events: LeadEventsTable;
  deliveries: DeliveriesTable;
  schema_migrations: SchemaMigrationsTable;
  experiment_arrivals: ExperimentArrivalsTable;
}

export type LeadRow = Selectable<LeadsTable>;
export type LeadEventRow = Selectable<LeadEventsTable>;
export type DeliveryRow = Selectable<DeliveriesTable>;

export function toDb(date: Date): string {
  return date.toISOString();
}

export function fromDb(value: Date | string): Date {
  return value instanceof Date ? value : new Date(value);
}

export function fromDbNullable(value: Date | string | null): Date | null {
  return value === null ? null : fromDb(value);
}
