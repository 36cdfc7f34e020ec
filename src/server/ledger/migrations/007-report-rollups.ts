/**
 * Migration 7 (issue 36's budget, decision 106): what the report reads, kept ready by the writes.
 * A lead row carries its outcome (`qualified`, `won`, `won_value`, `won_currency`; recordEvent keeps
 * them in the event's transaction), so the report's lead counts are one scan of `leads` without
 * joining `lead_events`; `leads_report` covers the per-day series. Spend is added up per month
 * (`spend_months`: source, campaign, ad) and per day without the ad (`spend_days`: source, campaign),
 * rewritten by each import for the days it replaces. All backfilled here from the rows already stored.
 */
import { sql, type Kysely } from "kysely";
import type { Migration } from "./migration";

/** A lead's outcome columns from its events (also recordEvent's, src/server/ledger/correct.ts). */
export const OUTCOME_COLUMNS = {
  qualified: sql<number>`case when exists (select 1 from lead_events e where e.lead_id = leads.id and e.type in ('qualified', 'won')) then 1 else 0 end`,
  won: sql<number>`case when exists (select 1 from lead_events e where e.lead_id = leads.id and e.type = 'won') then 1 else 0 end`,
  won_value: sql<number | null>`(select e.value from lead_events e where e.lead_id = leads.id and e.type = 'won')`,
  won_currency: sql<
    string | null
  >`(select e.currency from lead_events e where e.lead_id = leads.id and e.type = 'won')`,
};

export const reportRollups: Migration = {
  version: 7,
  name: "report-rollups",
  async up(db: Kysely<unknown>, engine) {
    const pg = engine === "postgres";
    for (const flag of ["qualified", "won"])
      await db.schema
        .alterTable("leads")
        .addColumn(flag, "integer", (c) => c.notNull().defaultTo(0))
        .execute();
    await db.schema
      .alterTable("leads")
      .addColumn("won_value", pg ? "double precision" : "real")
      .execute();
    await db.schema.alterTable("leads").addColumn("won_currency", "text").execute();
    await sql`update leads set qualified = ${OUTCOME_COLUMNS.qualified}, won = ${OUTCOME_COLUMNS.won},
      won_value = ${OUTCOME_COLUMNS.won_value}, won_currency = ${OUTCOME_COLUMNS.won_currency}
      where exists (select 1 from lead_events e where e.lead_id = leads.id and e.type in ('qualified', 'won'))`.execute(
      db,
    );
    await db.schema
      .createIndex("leads_report")
      .on("leads")
      .columns(["created_at", "won_currency", "qualified", "won", "won_value"])
      .execute();

    for (const [table, period] of [
      ["spend_months", "month"],
      ["spend_days", "day"],
    ] as const) {
      let create = db.schema
        .createTable(table)
        .addColumn("source", "text", (c) => c.notNull())
        .addColumn(period, "text", (c) => c.notNull())
        .addColumn("campaign_key", "text", (c) => c.notNull());
      if (period === "month") create = create.addColumn("content_key", "text");
      await create
        .addColumn("currency", "text", (c) => c.notNull())
        .addColumn("cost_micros", "bigint", (c) => c.notNull())
        .execute();
    }
    await sql`insert into spend_months (source, month, campaign_key, content_key, currency, cost_micros)
      select source, substr(day, 1, 7), campaign_key, content_key, currency, sum(cost_micros) from spend
      group by source, substr(day, 1, 7), campaign_key, content_key, currency`.execute(db);
    await sql`insert into spend_days (source, day, campaign_key, currency, cost_micros)
      select source, day, campaign_key, currency, sum(cost_micros) from spend
      group by source, day, campaign_key, currency`.execute(db);
    await db.schema
      .createIndex("spend_months_report")
      .on("spend_months")
      .columns(["month", "source", "campaign_key", "content_key", "currency", "cost_micros"])
      .execute();
    await db.schema
      .createIndex("spend_days_report")
      .on("spend_days")
      .columns(["day", "source", "campaign_key", "currency", "cost_micros"])
      .execute();
  },
};
