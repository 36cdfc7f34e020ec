/**
 * The lead ledger's settings that the sales redirect and the privacy page read (issue 31; called
 * once from loadConfig). The store's own (DATABASE_URL, DATA_DIR) are read beside the database.
 */
import { readInt, type Env } from "../config";

export interface LeadSettings {
  /**
   * LEADS_PER_MINUTE: leads one process records per minute at most; beyond it, visitors are still
   * sent to sales, unrecorded, and the fact is logged once a minute (decision 070).
   */
  perMinute: number;
  /** LEADS_RETENTION_DAYS: after it a lead's click identifiers are erased, the rest kept as counts. */
  retentionDays: number;
}

export const DEFAULT_LEADS_PER_MINUTE = 60;
export const DEFAULT_RETENTION_DAYS = 180;

export function loadLeadSettings(env: Env): LeadSettings {
  return {
    perMinute: readInt(env, "LEADS_PER_MINUTE", DEFAULT_LEADS_PER_MINUTE, 1, 100_000),
    retentionDays: readInt(env, "LEADS_RETENTION_DAYS", DEFAULT_RETENTION_DAYS, 1, 3650),
  };
}
