/**
 * The database (decision 065): Kysely over `libsql` (SQLite, a file under DATA_DIR, WAL) or `pg`
 * (PostgreSQL, DATABASE_URL). Every difference between the two engines that is not a column type
 * lives here: the connection, the write transaction, what a busy or a duplicate error looks like.
 * `openDatabase` (migrate.ts) also applies the migrations. Inside src/server/ledger/ only: the rest
 * of the server reaches the data through the Ledger interface (types.ts). Server-only.
 */
import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { Kysely, PostgresDialect, SqliteDialect } from "kysely";
import Sqlite from "libsql";
import pg from "pg";
import type { Database } from "./schema";

export type Engine = "sqlite" | "postgres";

export interface DatabaseSettings {
  /** postgres://… or null for the embedded SQLite file. */
  databaseUrl: string | null;
  /** Where the SQLite file lives (DATA_DIR, default ./data). */
  dataDir: string;
  /** SQLite: how long a write waits for another process's (busy_timeout, default 250 ms; it blocks the process). */
  busyTimeoutMs?: number;
  /** PostgreSQL: how long a new connection may take (default 1 s; createLead gives up sooner, store.ts). */
  connectTimeoutMs?: number;
  /** Both of the above at once (where the engine does not matter, e.g. tests on a busy machine). */
  waitMs?: number;
  /** PostgreSQL pool size per process (default 5). */
  poolSize?: number;
  /** Told about a pooled PostgreSQL connection that broke while idle (it is replaced). */
  onError?: (error: Error) => void;
}

export interface DatabaseHandle {
  db: Kysely<Database>;
  engine: Engine;
  close(): Promise<void>;
}

export const SQLITE_FILE = "leads.sqlite";
export const DEFAULT_BUSY_TIMEOUT_MS = 250;
export const DEFAULT_CONNECT_TIMEOUT_MS = 1000;

export function createDatabase(settings: DatabaseSettings): DatabaseHandle {
  if (settings.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: settings.databaseUrl,
      max: settings.poolSize ?? 5,
      connectionTimeoutMillis: settings.connectTimeoutMs ?? settings.waitMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
      idleTimeoutMillis: 30_000,
      // A statement never holds a request (or the outbox) longer than this.
      statement_timeout: 10_000,
      lock_timeout: 5_000,
    });
    // An idle client whose server went away emits here; without a listener the process would exit.
    pool.on("error", (error) => settings.onError?.(error));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, engine: "postgres", close: () => db.destroy() };
  }
  const dir = resolve(settings.dataDir);
  mkdirSync(dir, { recursive: true });
  const file = new Sqlite(join(dir, SQLITE_FILE));
  // WAL: readers never block the writer; busy_timeout: a writer waits that long for another
  // process's write (the driver is synchronous, so this also bounds how long a request can stall);
  // synchronous=NORMAL (decision 081): a commit is in the WAL file, in the kernel's hands, before the
  // call resolves, so a killed process (SIGKILL) loses nothing it acknowledged; FULL's fsync per commit
  // blocked this synchronous driver, and every page behind it, some 6 ms per lead.
  file.exec(
    `PRAGMA journal_mode = WAL; PRAGMA busy_timeout = ${Math.round(settings.busyTimeoutMs ?? settings.waitMs ?? DEFAULT_BUSY_TIMEOUT_MS)}; ` +
      "PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON;",
  );
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({
      database: file as unknown as ConstructorParameters<typeof SqliteDialect>[0]["database"],
    }),
  });
  const handle: DatabaseHandle = { db, engine: "sqlite", close: () => db.destroy() };
  sqliteFiles.set(handle, file);
  return handle;
}

/** Each SQLite handle's file, for transaction control outside prepared statements (writeTransaction). */
const sqliteFiles = new WeakMap<DatabaseHandle, Sqlite.Database>();

/**
 * Runs `work` in one write transaction. SQLite: `BEGIN IMMEDIATE` on the connection, so the write
 * lock is taken first (a deferred transaction that read first could fail instead of waiting).
 * PostgreSQL: an ordinary transaction.
 */
export async function writeTransaction<T>(
  handle: DatabaseHandle,
  work: (db: Kysely<Database>) => Promise<T>,
): Promise<T> {
  if (handle.engine === "postgres") return handle.db.transaction().execute(work);
  const file = sqliteFiles.get(handle);
  if (!file) throw new Error("not a SQLite handle from createDatabase");
  // On the connection Kysely lends (so no other query of this process runs in between), with exec():
  // a BEGIN that failed busy as a prepared statement would stay "in progress" and fail the next COMMIT.
  return handle.db.connection().execute(async (conn) => {
    file.exec("BEGIN IMMEDIATE");
    try {
      const result = await work(conn);
      file.exec("COMMIT");
      return result;
    } catch (error) {
      if (file.inTransaction) file.exec("ROLLBACK");
      throw error;
    }
  });
}

/** SQLite's "the database is locked" (another connection holds the write lock). */
export function isBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && code.startsWith("SQLITE_BUSY");
}

/** A UNIQUE constraint refused the row, on either engine. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "23505" || (typeof code === "string" && code.startsWith("SQLITE_CONSTRAINT"));
}

/**
 * The database is down, unreachable, locked or out of connections (not a bug in a query): callers
 * answer 503 and go on. PostgreSQL: class 08 (connection), 53 (resources), 57P (shutdown), the
 * pool's connect timeout and network errors; SQLite: busy, locked, I/O, cannot open, full.
 */
export function isUnavailable(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown } | null;
  const code = typeof e?.code === "string" ? e.code : "";
  if (/^(08|53|57P)/.test(code) || /^(ECONN|ETIMEDOUT|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|EPIPE)/.test(code)) return true;
  if (/^SQLITE_(BUSY|LOCKED|IOERR|CANTOPEN|FULL|READONLY)/.test(code)) return true;
  const message = typeof e?.message === "string" ? e.message : "";
  return /timeout exceeded when trying to connect|Connection terminated|connect ECONNREFUSED/i.test(message);
}
