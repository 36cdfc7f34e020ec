/**
 * The lead ledger's settings (issue 31, decision 065), read once by loadConfig() into
 * `config.leads`, server-only. A bad value throws a ConfigError naming the variable, never echoing
 * it (the entry prints the one line and exits 1).
 */
import { readSecret } from "../secrets";
import { ConfigError, readInt, type Env } from "../env";

export interface LeadSettings {
  /** DATA_DIR (default ./data): where the SQLite file lives when DATABASE_URL is not set. */
  dataDir: string;
  /** DATA_DIR was set explicitly (in production without it, a warning: an ephemeral disk loses leads). */
  dataDirSet: boolean;
  /** DATABASE_URL (postgres:// or postgresql://), or null for SQLite. */
  databaseUrl: string | null;
  /** LEADS_API_TOKEN, or null: without it the outcomes API does not exist (404). */
  apiToken: string | null;
  /** LEADS_RETENTION_DAYS (default 180): older leads become counts (no click, no code; decision 083). */
  retentionDays: number;
  /**
   * LEADS_PER_MINUTE (default 60): leads one process records per minute at most; beyond it visitors
   * are still sent to sales, unrecorded, and the fact is logged once a minute (decision 070).
   */
  perMinute: number;
}

export const DEFAULT_DATA_DIR = "./data";
export const MIN_TOKEN_LENGTH = 24;
export const DEFAULT_LEADS_PER_MINUTE = 60;

export function readLeadSettings(env: Env): LeadSettings {
  const dataDir = env.DATA_DIR?.trim() || "";
  const databaseUrl = env.DATABASE_URL?.trim() || null;
  if (databaseUrl) {
    let url: URL | undefined;
    try {
      url = new URL(databaseUrl);
    } catch {
      /* reported below */
    }
    if (!url || (url.protocol !== "postgres:" && url.protocol !== "postgresql:"))
      throw new ConfigError("DATABASE_URL", "must be a PostgreSQL URL such as postgres://user:password@host:5432/name");
  }
  // Length and variety (decision 090): a weak token stops start-up naming the rule.
  const apiToken = readSecret(env, "LEADS_API_TOKEN", MIN_TOKEN_LENGTH);
  const retentionDays = readInt(env, "LEADS_RETENTION_DAYS", 180, 1, 3650, "days");
  const perMinute = readInt(env, "LEADS_PER_MINUTE", DEFAULT_LEADS_PER_MINUTE, 1, 100_000);
  const dir = { dataDir: dataDir || DEFAULT_DATA_DIR, dataDirSet: Boolean(dataDir) };
  return { ...dir, databaseUrl, apiToken, retentionDays, perMinute };
}

/** Logged once at start-up in production (index.ts). */
export const EPHEMERAL_SQLITE_WARNING =
  "DATA_DIR is not set and DATABASE_URL is not either: leads go to ./data/leads.sqlite, which a platform's ephemeral disk loses on every deploy or restart (set DATABASE_URL, or DATA_DIR on a persistent volume)";

export function leadWarnings(settings: LeadSettings, production: boolean): string[] {
  return production && !settings.databaseUrl && !settings.dataDirSet ? [EPHEMERAL_SQLITE_WARNING] : [];
}
