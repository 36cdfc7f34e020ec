/**
 * Migration 5 (issue 36's budget, decision 094): the report's spend totals read a year of `spend`
 * (730,000 rows for 200 campaigns × 10 ads) grouped by source, campaign, ad and day. With only
 * `spend_day` each row was a lookup in the table; this index holds every column those queries read,
 * so both engines answer from the index alone, in day order.
 */
import type { Kysely } from "kysely";
import type { Migration } from "./migration";

export const spendCoveringIndex: Migration = {
  version: 5,
  name: "spend-covering-index",
  async up(db: Kysely<unknown>) {
    await db.schema
      .createIndex("spend_report")
      .on("spend")
      .columns(["day", "source", "campaign_key", "content_key", "currency", "cost_micros"])
      .execute();
  },
};
