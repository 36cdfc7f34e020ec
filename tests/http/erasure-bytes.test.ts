/**
 * Erasure that erases (issue 35 item 4, decision 087), SQLite: after the API's DELETE or retention,
 * the lead's code and click identifiers are not in the database file's bytes, nor in its WAL, nor in
 * a copy of the file (what a backup copies: its pages). secure_delete zeroes what a DELETE or UPDATE
 * frees; a checkpoint after the erasure empties the WAL. PostgreSQL's side is docs/leads.md's.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { SQLITE_FILE } from "../../src/server/ledger/engine";
import { openDatabase } from "../../src/server/ledger/migrate";
import { createLedger, databaseOf, type Ledger } from "../../src/server/ledger/store";
import { emptyDatabase, sampleLead } from "./store-fixture";

const DAY = 86_400_000;
const NOW = new Date("2026-11-27T12:00:00Z");
const clicks = (tag: string) => ({
  gclid: `Cj0KCQ-gclid-${tag}`,
  gbraid: null,
  wbraid: null,
  fbclid: `IwAR-fbclid-${tag}`,
  fbclidAt: NOW,
});

/** Which of `needles` the file and its WAL still hold, as "file: needle". */
function foundIn(dataDir: string, needles: string[]): string[] {
  const found: string[] = [];
  for (const name of [SQLITE_FILE, `${SQLITE_FILE}-wal`]) {
    const path = join(dataDir, name);
    if (!existsSync(path)) continue;
    const bytes = readFileSync(path);
    for (const needle of needles) if (bytes.includes(needle)) found.push(`${name}: ${needle}`);
  }
  return found;
}

describe("an erased lead's bytes (SQLite)", () => {
  let store: Ledger | undefined;
  let dispose = () => {};
  afterEach(async () => {
    await store?.close();
    store = undefined;
    dispose();
  });

  it("DELETE and retention leave neither the code nor a click identifier in the file or its WAL", async () => {
    const empty = await emptyDatabase("sqlite");
    dispose = empty.dispose;
    const { dataDir } = empty.settings;
    store = createLedger(await openDatabase(empty.settings), { retentionDays: 30, timeoutMs: 10_000 });
    const kept = await store.createLead(sampleLead({ clicks: clicks("kept") }), NOW);
    const erased = await store.createLead(sampleLead({ clicks: clicks("erased") }), NOW);
    const old = await store.createLead(sampleLead({ clicks: clicks("old") }), new Date(NOW.getTime() - 40 * DAY));
    // Part of the rows in the file itself, part only in the WAL, as on a running site.
    await sql`pragma wal_checkpoint(PASSIVE)`.execute(databaseOf(store).db);
    const late = await store.createLead(sampleLead({ clicks: clicks("late") }), NOW);
    expect(foundIn(dataDir, [erased, "IwAR-fbclid-erased", old, "IwAR-fbclid-old"]).length).toBeGreaterThan(0);

    expect(await store.deleteLead(erased)).toBe(true);
    expect(await store.deleteLead(late)).toBe(true);
    expect(await store.prune(NOW)).toEqual({ erased: 1 });

    const gone = [erased, late, old];
    for (const tag of ["erased", "late", "old"]) gone.push(`IwAR-fbclid-${tag}`, `Cj0KCQ-gclid-${tag}`);
    expect(foundIn(dataDir, gone)).toEqual([]);
    // The check finds what is there: the lead that stays is in the file.
    expect(foundIn(dataDir, [kept, "IwAR-fbclid-kept"])).not.toEqual([]);
  });
});
