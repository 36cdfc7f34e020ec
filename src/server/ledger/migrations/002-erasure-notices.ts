/**
 * Migration 2 (decision 080): an outbox row can notify an erasure. Erasing a lead deletes its
 * events and, by ON DELETE CASCADE, their pending deliveries; the CRM must still be told, after the
 * lead is gone. So a delivery now refers either to a lead event (`event_id`, as before) or to an
 * erased lead (`erased_code` and `erased_at`, the only facts the notice carries), never both:
 * `event_id` becomes nullable, a CHECK keeps exactly one of the two, and an erased code has at most
 * one notice per destination. A notice survives its lead by construction (it references nothing).
 *
 * PostgreSQL alters the table in place; SQLite cannot drop a NOT NULL, so it rebuilds the table
 * (the documented 12-step way, inside the migration's transaction: nothing references
 * `deliveries`, so no foreign key is touched), keeping every row and its id.
 */
import { sql, type Kysely } from "kysely";
import type { Migration } from "./migration";

const ONE_OF = sql`check ((event_id is null) <> (erased_code is null))`;

export const erasureNotices: Migration = {
  version: 2,
  name: "erasure-notices",
  async up(db: Kysely<unknown>, engine) {
    if (engine === "postgres") {
      await sql`alter table deliveries alter column event_id drop not null`.execute(db);
      await sql`alter table deliveries add column erased_code text, add column erased_at timestamptz`.execute(db);
      await sql`alter table deliveries add constraint deliveries_event_or_erasure ${ONE_OF}`.execute(db);
    } else {
      await sql`create table deliveries_v2 (
        id integer primary key autoincrement,
        event_id integer references lead_events (id) on delete cascade,
        destination text not null,
        status text not null default 'pending',
        attempts integer not null default 0,
        next_attempt_at text not null,
        locked_until text,
        last_error text,
        created_at text not null,
        sent_at text,
        erased_code text,
        erased_at text,
        constraint deliveries_event_destination unique (event_id, destination),
        constraint deliveries_event_or_erasure ${ONE_OF}
      )`.execute(db);
      await sql`insert into deliveries_v2 (id, event_id, destination, status, attempts, next_attempt_at,
          locked_until, last_error, created_at, sent_at)
        select id, event_id, destination, status, attempts, next_attempt_at, locked_until, last_error,
          created_at, sent_at from deliveries`.execute(db);
      await sql`drop table deliveries`.execute(db);
      await sql`alter table deliveries_v2 rename to deliveries`.execute(db);
      await db.schema.createIndex("deliveries_due").on("deliveries").columns(["status", "next_attempt_at"]).execute();
    }
    await db.schema
      .createIndex("deliveries_erasure_destination")
      .on("deliveries")
      .columns(["erased_code", "destination"])
      .unique()
      .execute();
  },
};
