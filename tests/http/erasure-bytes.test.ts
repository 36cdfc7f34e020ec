/**
 * Erasure that erases (issue 35 item 4, decision 087), SQLite: after the API's DELETE or retention,
 * the lead's code and click identifiers are not in the database file's bytes, nor in its WAL, nor in
 * a backup made as docs/leads.md says (its `sqlite3 … ".backup …"` command, read from the doc and
 * run as written). secure_delete zeroes what a DELETE or UPDATE frees; a checkpoint after the
 * erasure empties the WAL. PostgreSQL's side (what VACUUM does and does not) is docs/leads.md's.
 */
import { execFileSync } from "node:child_process";
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

/** docs/leads.md's backup command as written: `sqlite3 data/leads.sqlite ".backup leads.bak"`. */
const BACKUP = /`sqlite3 (\S+) "\.backup (\S+)"`/.exec(readFileSync("docs/leads.md", "utf8"));

/** Runs the doc's backup of the database in `dataDir` (its file, `DATA_DIR`'s) into `dataDir/name`. */
function backUp(dataDir: string, name: string) {
  expect(BACKUP, "docs/leads.md's sqlite3 .backup command").not.toBeNull();
  // The doc names the default DATA_DIR's file; here DATA_DIR is the test's own directory.
  expect(BACKUP![1]).toBe(`data/${SQLITE_FILE}`);
  execFileSync("sqlite3", [join(dataDir, SQLITE_FILE), `.backup ${name}`], { cwd: dataDir, timeout: 10_000 });
}

/** Which of `needles` the file and its WAL (or `names`) still hold, as "file: needle". */
function foundIn(dataDir: string, needles: string[], names = [SQLITE_FILE, `${SQLITE_FILE}-wal`]): string[] {
  const found: string[] = [];
  for (const name of names) {
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

  it("DELETE and retention leave neither the code nor a click identifier in the file, its WAL or a backup", async () => {
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
    // A backup before the erasure holds them (what docs/leads.md warns of; and the search finds them).
    backUp(dataDir, "before.bak");
    expect(foundIn(dataDir, [erased, late, "Cj0KCQ-gclid-old"], ["before.bak"])).toHaveLength(3);

    expect(await store.deleteLead(erased)).toBe(true);
    expect(await store.deleteLead(late)).toBe(true);
    expect(await store.prune(NOW)).toEqual({ erased: 1 });

    const gone = [erased, late, old];
    for (const tag of ["erased", "late", "old"]) gone.push(`IwAR-fbclid-${tag}`, `Cj0KCQ-gclid-${tag}`);
    expect(foundIn(dataDir, gone)).toEqual([]);
    // The check finds what is there: the lead that stays is in the file.
    expect(foundIn(dataDir, [kept, "IwAR-fbclid-kept"])).not.toEqual([]);
    // A backup made afterwards, as docs/leads.md says, holds the lead that stays and nothing erased.
    backUp(dataDir, "after.bak");
    expect(foundIn(dataDir, gone, ["after.bak"])).toEqual([]);
    expect(foundIn(dataDir, [kept, "IwAR-fbclid-kept", "Cj0KCQ-gclid-kept"], ["after.bak"])).toHaveLength(3);
  });
});
