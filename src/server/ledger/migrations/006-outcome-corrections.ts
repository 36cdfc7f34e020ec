/**
 * Migration 6 (issue 35 item 7, decision 105): an outcome can be corrected. The corrected event
 * replaces the old one in place and carries when it was corrected (`corrected_at`, null for an
 * event never corrected), so the CRM webhook sends it under a new idempotency key.
 */
import type { Kysely } from "kysely";
import type { Migration } from "./migration";

export const outcomeCorrections: Migration = {
  version: 6,
  name: "outcome-corrections",
  async up(db: Kysely<unknown>, engine) {
    await db.schema
      .alterTable("lead_events")
      .addColumn("corrected_at", engine === "postgres" ? "timestamptz" : "text")
      .execute();
  },
};
