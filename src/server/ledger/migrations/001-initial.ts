/**
 * Migration 1: the lead ledger (issue 31). Leads, their events (one per type: the API's
 * idempotency), and the outbox (`deliveries`, one row per event and destination, conv's worker
 * sends them). Column types differ per engine only where they must (identity, time, real number).
 */
import type { Kysely } from "kysely";
import type { Migration } from "./migration";

export const initial: Migration = {
  version: 1,
  name: "initial",
  async up(db: Kysely<unknown>, engine) {
    const pg = engine === "postgres";
    const time = pg ? "timestamptz" : "text";
    await db.schema
      .createTable("leads")
      .addColumn("id", pg ? "serial" : "integer", (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
      .addColumn("code", "text", (c) => c.notNull().unique())
      .addColumn("created_at", time, (c) => c.notNull())
      .addColumn("lang", "text", (c) => c.notNull())
      .addColumn("path", "text", (c) => c.notNull())
      .addColumn("segment", "text")
      .addColumn("variant", "text")
      .addColumn("plan", "text")
      .addColumn("utm_source", "text")
      .addColumn("utm_medium", "text")
      .addColumn("utm_campaign", "text")
      .addColumn("utm_term", "text")
      .addColumn("utm_content", "text")
      .addColumn("ad_consent", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("gclid", "text")
      .addColumn("gbraid", "text")
      .addColumn("wbraid", "text")
      .addColumn("fbclid", "text")
      .addColumn("fbclid_at", time)
      .addColumn("pruned_at", time)
      .execute();
    await db.schema.createIndex("leads_created_at").on("leads").column("created_at").execute();

    await db.schema
      .createTable("lead_events")
      .addColumn("id", pg ? "serial" : "integer", (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
      .addColumn("lead_id", "integer", (c) => c.notNull().references("leads.id").onDelete("cascade"))
      .addColumn("type", "text", (c) => c.notNull())
      .addColumn("value", pg ? "double precision" : "real")
      .addColumn("currency", "text")
      .addColumn("at", time, (c) => c.notNull())
      .addColumn("created_at", time, (c) => c.notNull())
      .addUniqueConstraint("lead_events_lead_type", ["lead_id", "type"])
      .execute();

    await db.schema
      .createTable("deliveries")
      .addColumn("id", pg ? "serial" : "integer", (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
      .addColumn("event_id", "integer", (c) => c.notNull().references("lead_events.id").onDelete("cascade"))
      .addColumn("destination", "text", (c) => c.notNull())
      .addColumn("status", "text", (c) => c.notNull().defaultTo("pending"))
      .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("next_attempt_at", time, (c) => c.notNull())
      .addColumn("locked_until", time)
      .addColumn("last_error", "text")
      .addColumn("created_at", time, (c) => c.notNull())
      .addColumn("sent_at", time)
      .addUniqueConstraint("deliveries_event_destination", ["event_id", "destination"])
      .execute();
    await db.schema.createIndex("deliveries_due").on("deliveries").columns(["status", "next_attempt_at"]).execute();
  },
};
