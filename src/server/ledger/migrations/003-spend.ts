/**
 * Migration 3 (issue 36, decision 093): what the ads cost, imported from Google Ads' and Ads
 * Manager's reports. `spend` holds a cost per source, day (the platform's own day, `YYYY-MM-DD`),
 * campaign, ad (Google's ad group, Meta's ad) and currency, in millionths (exact sums on both
 * engines); the keys are the ids when the file has them, else the names. `spend_names` maps every
 * id and name a file used to its key and the name shown, so a lead that carried either joins.
 * `google_file_fetches` keeps when Google Ads last fetched its conversion file and how many rows
 * it got (one row, id 1).
 */
import type { Kysely } from "kysely";
import type { Migration } from "./migration";

export const spend: Migration = {
  version: 3,
  name: "spend",
  async up(db: Kysely<unknown>, engine) {
    const pg = engine === "postgres";
    await db.schema
      .createTable("spend")
      .addColumn("id", pg ? "bigserial" : "integer", (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
      .addColumn("source", "text", (c) => c.notNull())
      .addColumn("day", "text", (c) => c.notNull())
      .addColumn("campaign_key", "text", (c) => c.notNull())
      .addColumn("content_key", "text")
      .addColumn("currency", "text", (c) => c.notNull())
      .addColumn("cost_micros", "bigint", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("spend_source_day").on("spend").columns(["source", "day"]).execute();
    await db.schema.createIndex("spend_day").on("spend").column("day").execute();
    await db.schema
      .createTable("spend_names")
      .addColumn("kind", "text", (c) => c.notNull())
      .addColumn("alias", "text", (c) => c.notNull())
      .addColumn("key", "text", (c) => c.notNull())
      .addColumn("name", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("spend_names_pk", ["kind", "alias"])
      .execute();
    await db.schema
      .createTable("google_file_fetches")
      .addColumn("id", "integer", (c) => c.primaryKey())
      .addColumn("fetched_at", pg ? "timestamptz" : "text", (c) => c.notNull())
      .addColumn("rows", "integer", (c) => c.notNull())
      .execute();
  },
};
