/**
 * Migration 4 (issue 37, decision 099): experiments. A lead records the experiment, phase and arm
 * of the page its sales link was on (nullable: most leads come from no experiment), in columns the
 * ledger never reads into a `Lead` (so no outgoing payload can carry them); pruning leaves them, so
 * a pruned lead still counts for its arm. Arrivals are counts per experiment, phase, arm and day
 * (TIME_ZONE), added to by the server's once-a-minute flush: never a row per visitor.
 */
import type { Kysely } from "kysely";
import type { Migration } from "./migration";

export const experiments: Migration = {
  version: 4,
  name: "experiments",
  async up(db: Kysely<unknown>) {
    for (const column of ["experiment", "phase", "arm"])
      await db.schema.alterTable("leads").addColumn(column, "text").execute();
    await db.schema.createIndex("leads_experiment").on("leads").columns(["experiment", "phase", "arm"]).execute();
    await db.schema
      .createTable("experiment_arrivals")
      .addColumn("experiment", "text", (c) => c.notNull())
      .addColumn("phase", "text", (c) => c.notNull())
      .addColumn("arm", "text", (c) => c.notNull())
      .addColumn("day", "text", (c) => c.notNull())
      .addColumn("arrivals", "bigint", (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint("experiment_arrivals_key", ["experiment", "phase", "arm", "day"])
      .execute();
  },
};
