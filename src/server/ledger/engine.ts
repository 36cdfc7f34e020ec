/**
 * The database (decision 065): Kysely over `libsql` (SQLite, a file under DATA_DIR, WAL) or `pg`
 * (PostgreSQL, DATABASE_URL). Every difference between the two engines that is not a column type
 * lives here: the connection, the write transaction, what a busy or a duplicate error looks like.
 * `openDatabase` (migrate.ts) also applies the migrations. Inside src/server/ledger/ only: the rest
 * of the server reaches the data through the Ledger interface (types.ts). Server-only.
 */
import { mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import { join, resolve } from "node:path";
import {
  Kysely,
  PostgresDialect,
  SqliteDialect,
  sql,
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
} from "kysely";
import type Sqlite from "libsql";
import type pg from "pg";
import type { Database } from "./schema";

export type Engine = "sqlite" | "postgres";

export interface DatabaseSettings {
  /** postgres://… or null for the embedded SQLite file. */
  databaseUrl: string | null;
  /** Where the SQLite file lives (DATA_DIR, default ./data). */
  dataDir: string;
  /**
   * SQLite: how long a statement or a write transaction waits for another connection's write lock
   * (default 250 ms). It waits off the event loop (decision 086): busy_timeout is 0 and the attempt
   * is repeated on a timer, so pages and /healthz are served meanwhile.
   */
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

/**
 * Each driver is loaded when a database of its engine is first opened, not when the server starts
 * (decision 136): a process on SQLite never loads pg (about 27 ms of a start's main thread, most of
 * it pg's check for a Cloudflare runtime, which loads Node's fetch), one on PostgreSQL never loads
 * libsql, and a process without a ledger loads neither.
 */
const load = createRequire(import.meta.url);
const drivers = {
  pg: () => load("pg") as typeof pg,
  sqlite: () => load("libsql") as typeof Sqlite,
};

export function createDatabase(settings: DatabaseSettings): DatabaseHandle {
  if (settings.databaseUrl) {
    const pool = new (drivers.pg().Pool)({
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
  const file = new (drivers.sqlite())(join(dir, SQLITE_FILE));
  const patienceMs = Math.round(settings.busyTimeoutMs ?? settings.waitMs ?? DEFAULT_BUSY_TIMEOUT_MS);
  // WAL: readers never block the writer. synchronous=NORMAL (decision 081): a commit is in the WAL
  // file, in the kernel's hands, before the call resolves, so a killed process (SIGKILL) loses nothing
  // it acknowledged; FULL's fsync per commit blocked this synchronous driver some 6 ms per lead.
  // secure_delete (decision 087): what a DELETE or an UPDATE frees is overwritten with zeros, so an
  // erased code or click identifier is not left in a free page or cell for the file (or a backup) to keep.
  // These run once at opening, in the background, and may wait for the lock (a first WAL switch).
  file.exec(
    `PRAGMA busy_timeout = ${patienceMs}; PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; ` +
      "PRAGMA foreign_keys = ON; PRAGMA secure_delete = ON;",
  );
  // From now on the driver never waits for a lock itself (it would wait on the event loop, stopping
  // every page of the process): a busy statement is tried again on a timer (patientDriver).
  file.exec("PRAGMA busy_timeout = 0");
  const db = new Kysely<Database>({ dialect: new PatientSqliteDialect(file, patienceMs) });
  const handle: DatabaseHandle = { db, engine: "sqlite", close: () => db.destroy() };
  sqliteFiles.set(handle, { file, patienceMs });
  return handle;
}

/**
 * Kysely's SQLite dialect whose writes, outside a transaction, wait for another connection's write
 * lock on a timer (SQLITE_BUSY tried again), for up to `patienceMs`, never on the event loop. Inside
 * a transaction (BEGIN IMMEDIATE holds the lock already) a statement is never busy.
 */
const WRITES = new Set(["InsertQueryNode", "UpdateQueryNode", "DeleteQueryNode", "MergeQueryNode"]);

class PatientSqliteDialect extends SqliteDialect {
  readonly #file: Sqlite.Database;
  readonly #patienceMs: number;
  constructor(file: Sqlite.Database, patienceMs: number) {
    super({ database: file as unknown as ConstructorParameters<typeof SqliteDialect>[0]["database"] });
    this.#file = file;
    this.#patienceMs = patienceMs;
  }
  override createDriver(): Driver {
    const inner = super.createDriver();
    const file = this.#file;
    const patienceMs = this.#patienceMs;
    // A write outside a transaction takes the lock first with exec("BEGIN IMMEDIATE"), tried again
    // on a timer while busy, and commits right after: the driver leaves a prepared statement that
    // failed busy in progress (the connection would keep a stale snapshot), exec() does not.
    // Reads (WAL: never blocked by a writer) and raw statements (pragmas) run as they are.
    const patient = (connection: DatabaseConnection): DatabaseConnection => ({
      executeQuery: async <R>(query: CompiledQuery): Promise<QueryResult<R>> => {
        const write = query.query && WRITES.has(query.query.kind);
        if (file.inTransaction || !write) return connection.executeQuery<R>(query);
        await whenFree(() => file.exec("BEGIN IMMEDIATE"), patienceMs);
        try {
          const result = await connection.executeQuery<R>(query);
          file.exec("COMMIT");
          return result;
        } catch (error) {
          if (file.inTransaction) file.exec("ROLLBACK");
          throw error;
        }
      },
      streamQuery: (query, chunkSize) => connection.streamQuery(query, chunkSize),
    });
    return {
      init: () => inner.init(),
      acquireConnection: async () => patient(await inner.acquireConnection()),
      beginTransaction: (connection, settings) => inner.beginTransaction(connection, settings),
      commitTransaction: (connection) => inner.commitTransaction(connection),
      rollbackTransaction: (connection) => inner.rollbackTransaction(connection),
      releaseConnection: (connection) => inner.releaseConnection(connection),
      destroy: () => inner.destroy(),
    };
  }
}

/** Runs `attempt` until it is not refused busy, waiting on timers (2 ms doubling to 50, jittered) at most `patienceMs`. */
export async function whenFree<T>(attempt: () => T | Promise<T>, patienceMs: number): Promise<T> {
  const started = Date.now();
  for (let pause = 2; ; pause = Math.min(pause * 2, 50)) {
    try {
      return await attempt();
    } catch (error) {
      const left = patienceMs - (Date.now() - started);
      if (!isBusy(error) || left <= 0) throw error;
      await new Promise((done) => setTimeout(done, Math.min(left, pause * (0.5 + Math.random()))));
    }
  }
}

/** Each SQLite handle's file, for transaction control outside prepared statements (writeTransaction). */
const sqliteFiles = new WeakMap<DatabaseHandle, { file: Sqlite.Database; patienceMs: number }>();

export interface TransactionOptions {
  /** SQLite: how long to keep trying for the write lock (default: the handle's busyTimeoutMs). */
  patienceMs?: number;
  /** Called after `work`, just before COMMIT; throwing rolls the transaction back (a deadline passed). */
  beforeCommit?: () => void;
}

/**
 * Runs `work` in one write transaction. SQLite: `BEGIN IMMEDIATE` on the connection, so the write
 * lock is taken first (a deferred transaction that read first could fail instead of waiting); while
 * another connection holds it, BEGIN is tried again on a timer, never waiting on the event loop.
 * PostgreSQL: an ordinary transaction.
 */
export async function writeTransaction<T>(
  handle: DatabaseHandle,
  work: (db: Kysely<Database>) => Promise<T>,
  options: TransactionOptions = {},
): Promise<T> {
  const commitAfter = async (db: Kysely<Database>) => {
    const result = await work(db);
    options.beforeCommit?.();
    return result;
  };
  if (handle.engine === "postgres") return handle.db.transaction().execute(commitAfter);
  const sqlite = sqliteFiles.get(handle);
  if (!sqlite) throw new Error("not a SQLite handle from createDatabase");
  const { file } = sqlite;
  // On the connection Kysely lends (so no other query of this process runs in between), with exec():
  // a BEGIN that failed busy as a prepared statement would stay "in progress" and fail the next COMMIT.
  return handle.db.connection().execute(async (conn) => {
    await whenFree(() => file.exec("BEGIN IMMEDIATE"), options.patienceMs ?? sqlite.patienceMs);
    try {
      const result = await commitAfter(conn);
      file.exec("COMMIT");
      return result;
    } catch (error) {
      if (file.inTransaction) file.exec("ROLLBACK");
      throw error;
    }
  });
}

/**
 * After an erasure (decision 087), SQLite: the WAL is copied into the file and truncated to nothing
 * (`wal_checkpoint(TRUNCATE)`), so the frames that held an erased row are gone from the -wal file; the
 * file's freed space is already zeros (secure_delete). A reader of another connection can hold the
 * checkpoint back: it is tried again on a timer, for up to `patienceMs` (default 2 s). True when the
 * WAL was emptied. PostgreSQL: nothing to do here (docs/leads.md says what its vacuum does).
 */
export async function checkpoint(handle: DatabaseHandle, patienceMs = 2_000): Promise<boolean> {
  if (handle.engine === "postgres") return true;
  const started = Date.now();
  for (let pause = 5; ; pause = Math.min(pause * 2, 200)) {
    const { rows } = await sql<{ busy: number }>`pragma wal_checkpoint(TRUNCATE)`.execute(handle.db);
    if (Number(rows[0]?.busy ?? 0) === 0) return true;
    if (Date.now() - started > patienceMs) return false;
    await new Promise((done) => setTimeout(done, pause));
  }
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
 * answer 503 and go on. PostgreSQL: class 08 (connection), 53 (resources), 57P (shutdown), a
 * statement it cancelled at the pool's statement_timeout (57014) or lock_timeout (55P03), the
 * pool's connect timeout and network errors; SQLite: busy, locked, I/O, cannot open, full.
 */
export function isUnavailable(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown } | null;
  const code = typeof e?.code === "string" ? e.code : "";
  if (/^(08|53|57P|57014$|55P03$)/.test(code) || /^(ECONN|ETIMEDOUT|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|EPIPE)/.test(code))
    return true;
  if (/^SQLITE_(BUSY|LOCKED|IOERR|CANTOPEN|FULL|READONLY)/.test(code)) return true;
  const message = typeof e?.message === "string" ? e.message : "";
  return /timeout exceeded when trying to connect|Connection terminated|connect ECONNREFUSED/i.test(message);
}
