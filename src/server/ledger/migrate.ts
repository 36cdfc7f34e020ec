/**
 * Applies every migration whose version is not recorded yet, lowest version first (engineers add
 * migrations in parallel: a database may have 4 before 3 arrives), safe when several workers and machines
 * start at once (decision 065): PostgreSQL takes a transaction-scoped advisory lock before reading
 * the applied versions; SQLite takes the file's write lock (`BEGIN IMMEDIATE`). Whoever comes second
 * waits, then finds nothing left to do. Migrations and their bookkeeping commit together.
 */
import { sql, type Kysely } from "kysely";
import { createDatabase, writeTransaction, type DatabaseHandle, type DatabaseSettings } from "./engine";
import { MIGRATIONS, type Migration } from "./migrations/index";
import type { Database } from "./schema";

/** Any constant shared by every process of this site: pg_advisory_xact_lock's key. */
const PG_LOCK_KEY = 310_065;
/** How long a starting process keeps trying for SQLite's write lock (another one migrating). */
const SQLITE_LOCK_PATIENCE_MS = 30_000;

export interface MigrateResult {
  applied: number[];
  version: number;
}

/** createDatabase, then the pending migrations; closes the database again if migrating fails. */
export async function openDatabase(settings: DatabaseSettings): Promise<DatabaseHandle> {
  const handle = createDatabase(settings);
  try {
    await migrate(handle);
    return handle;
  } catch (error) {
    await handle.close().catch(() => undefined);
    throw error;
  }
}

/** The migrations in version order; two with one version are a programming error, refused. */
export function inOrder(migrations: readonly Migration[]): Migration[] {
  const sorted = [...migrations].sort((a, b) => a.version - b.version);
  for (let i = 1; i < sorted.length; i++)
    if (sorted[i].version === sorted[i - 1].version)
      throw new Error(`two migrations with version ${sorted[i].version}: ${sorted[i - 1].name}, ${sorted[i].name}`);
  return sorted;
}

export async function migrate(
  handle: DatabaseHandle,
  migrations: readonly Migration[] = MIGRATIONS,
): Promise<MigrateResult> {
  // Another process may be migrating: SQLite keeps trying for the write lock (on a timer, never on
  // the event loop) for up to 30 s; PostgreSQL waits on the advisory lock.
  return writeTransaction(handle, (db) => apply(db, handle, migrations), { patienceMs: SQLITE_LOCK_PATIENCE_MS });
}

async function apply(db: Kysely<Database>, handle: DatabaseHandle, migrations: readonly Migration[]) {
  if (handle.engine === "postgres") await sql`select pg_advisory_xact_lock(${PG_LOCK_KEY})`.execute(db);
  await db.schema
    .createTable("schema_migrations")
    .ifNotExists()
    .addColumn("version", "integer", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("applied_at", handle.engine === "postgres" ? "timestamptz" : "text", (c) => c.notNull())
    .execute();
  const done = new Set((await db.selectFrom("schema_migrations").select("version").execute()).map((r) => r.version));
  const applied: number[] = [];
  for (const migration of inOrder(migrations)) {
    if (done.has(migration.version)) continue;
    await migration.up(db as unknown as Kysely<unknown>, handle.engine);
    await db
      .insertInto("schema_migrations")
      .values({ version: migration.version, name: migration.name, applied_at: new Date().toISOString() })
      .execute();
    applied.push(migration.version);
  }
  return { applied, version: Math.max(0, ...done, ...applied) };
}
