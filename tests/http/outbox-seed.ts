/**
 * Leads, events and their deliveries written straight into the ledger's tables by the database
 * itself (one INSERT … SELECT per table over a generated series: 10,000 events in three
 * statements): the outbox tests' starting point. Every lead has advertising consent and a Meta
 * click; each event is enqueued for the destinations named. Codes are `<prefix><7 digits>`.
 */
import { sql, type Kysely } from "kysely";
import type { Database } from "../../src/server/ledger/schema";
import type { LeadEventType } from "../../src/server/ledger/types";

export async function seedEvents(
  db: Kysely<Database>,
  count: number,
  {
    destinations,
    at,
    type = "qualified",
    prefix = "L",
    queuedAt = at,
  }: {
    destinations: string[];
    at: Date;
    type?: LeadEventType;
    prefix?: string;
    /** When the deliveries were queued (default `at`): an outcome reported late is queued now. */
    queuedAt?: Date;
  },
): Promise<string[]> {
  const iso = at.toISOString();
  const pg = (await sql<{ v: string }>`select 1 as v`.execute(db)).rows.length > 0 && (await isPostgres(db));
  const series = pg
    ? sql`select ${prefix} || lpad(i::text, 7, '0') as code from generate_series(0, ${count - 1}) as g(i)`
    : sql`with recursive n(i) as (select 0 union all select i + 1 from n where i < ${count - 1})
          select ${prefix} || substr('0000000' || i, -7, 7) as code from n`;
  const time = pg ? sql`cast(${iso} as timestamptz)` : sql`${iso}`;
  const queued = pg ? sql`cast(${queuedAt.toISOString()} as timestamptz)` : sql`${queuedAt.toISOString()}`;
  await db.transaction().execute(async (tx) => {
    await sql`insert into leads (code, created_at, lang, path, utm_source, utm_medium, utm_campaign, ad_consent, fbclid, fbclid_at)
      select code, ${time}, 'pt', '/', 'facebook', 'cpc', 'test', 1, 'fbclid' || code, ${time} from (${series}) s`.execute(
      tx,
    );
    await sql`insert into lead_events (lead_id, type, value, currency, at, created_at)
      select id, ${type}, ${type === "won" ? 990 : null}, ${type === "won" ? "BRL" : null}, ${time}, ${time}
      from leads where code like ${prefix + "%"}`.execute(tx);
    for (const destination of destinations)
      await sql`insert into deliveries (event_id, destination, status, attempts, next_attempt_at, created_at)
        select e.id, ${destination}, 'pending', 0, ${queued}, ${queued}
        from lead_events e join leads l on l.id = e.lead_id where l.code like ${prefix + "%"}`.execute(tx);
  });
  return Array.from({ length: count }, (_, i) => `${prefix}${String(i).padStart(7, "0")}`);
}

async function isPostgres(db: Kysely<Database>): Promise<boolean> {
  try {
    await sql`select version()`.execute(db);
    return true;
  } catch {
    return false;
  }
}

/** Rows per status, for one destination. */
export async function statuses(db: Kysely<Database>, destination: string): Promise<Record<string, number>> {
  const rows = await db
    .selectFrom("deliveries")
    .select(["status", (eb) => eb.fn.countAll<number | string>().as("n")])
    .where("destination", "=", destination)
    .groupBy("status")
    .execute();
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
}
