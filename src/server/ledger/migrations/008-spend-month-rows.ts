/**
 * Migration 8 (issue 36's budget, decision 115): each `spend_months` row says how many `spend` rows
 * it adds up (`row_count`), so the spend of a month less some of its days is the month's sum less
 * those days' rows, and a group with no row left inside the period (no row at all, not a cost of 0)
 * is told from one whose rows cost 0. The sums are rebuilt from `spend`, as an import does.
 */
import { sql, type Kysely } from "kysely";
import type { Migration } from "./migration";

export const spendMonthRows: Migration = {
  version: 8,
  name: "spend-month-rows",
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable("spend_months")
      .addColumn("row_count", "integer", (c) => c.notNull().defaultTo(0))
      .execute();
    await sql`delete from spend_months`.execute(db);
    await sql`insert into spend_months (source, month, campaign_key, content_key, currency, cost_micros, row_count)
      select source, substr(day, 1, 7), campaign_key, content_key, currency, sum(cost_micros), count(*) from spend
      group by source, substr(day, 1, 7), campaign_key, content_key, currency`.execute(db);
  },
};
