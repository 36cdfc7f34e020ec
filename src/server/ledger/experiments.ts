/**
 * The ledger's experiment statements (issue 37, decision 099): the arrivals' flush (one upsert per
 * experiment, phase, arm and day, adding to the day's count), and the counts the report judges a
 * phase by: per experiment, phase and arm, its arrivals, leads, qualified leads (a `qualified` or
 * `won` event), sales (`won`) and value won. Pruned leads keep their arm (prune touches neither
 * column), so they still count. One query shape for both engines.
 */
import { sql, type Kysely } from "kysely";
import { writeTransaction, type DatabaseHandle } from "./engine";
import { fromDb, toDb, type Database } from "./schema";

export interface ArrivalRow {
  experiment: string;
  phase: string;
  arm: string;
  day: string;
  arrivals: number;
}

/** What a lead records of the experiment its sales link came from. */
export interface LeadArm {
  experiment: string;
  phase: string;
  arm: string;
}

export interface ArmTotals extends LeadArm {
  arrivals: number;
  leads: number;
  qualified: number;
  sales: number;
  value: number;
  /** Leads at least 14 days old (the strict window's denominator). */
  mature: number;
  /** Of those, the ones qualified or won within 14 days of their creation. */
  matureQualified: number;
}

/** The strict window (experiments-design 2.4): qualified within 14 days, among leads at least 14 days old. */
export const STRICT_WINDOW_MS = 14 * 86_400_000;

/** Adds each count to its (experiment, phase, arm, day) row, in one transaction. */
export async function addArrivals(database: DatabaseHandle, counts: readonly ArrivalRow[]): Promise<void> {
  if (counts.length === 0) return;
  await writeTransaction(database, async (trx) => {
    for (const c of counts)
      await trx
        .insertInto("experiment_arrivals")
        .values(c)
        .onConflict((oc) =>
          oc
            .columns(["experiment", "phase", "arm", "day"])
            .doUpdateSet({ arrivals: sql<number>`experiment_arrivals.arrivals + excluded.arrivals` }),
        )
        .execute();
  });
}

const key = (r: LeadArm) => `${r.experiment} ${r.phase} ${r.arm}`;

/**
 * Per experiment, phase and arm of `experiments`: arrivals, leads, qualified, sales and value won,
 * and the strict window on `now` (leads at least 14 days old; of those, qualified within 14 days).
 */
export async function armTotals(
  db: Kysely<Database>,
  experiments: readonly string[],
  now: Date = new Date(),
): Promise<ArmTotals[]> {
  if (experiments.length === 0) return [];
  const totals = new Map<string, ArmTotals>();
  const at = (r: LeadArm) => {
    let t = totals.get(key(r));
    if (!t)
      totals.set(
        key(r),
        (t = {
          experiment: r.experiment,
          phase: r.phase,
          arm: r.arm,
          arrivals: 0,
          leads: 0,
          qualified: 0,
          sales: 0,
          value: 0,
          mature: 0,
          matureQualified: 0,
        }),
      );
    return t;
  };
  const arrivals = await db
    .selectFrom("experiment_arrivals")
    .select(["experiment", "phase", "arm", (eb) => eb.fn.sum<number | string>("arrivals").as("n")])
    .where("experiment", "in", experiments)
    .groupBy(["experiment", "phase", "arm"])
    .execute();
  for (const r of arrivals) at(r).arrivals = Number(r.n);
  const leads = await db
    .selectFrom("leads")
    .leftJoin("lead_events as q", (j) => j.onRef("q.lead_id", "=", "leads.id").on("q.type", "=", "qualified"))
    .leftJoin("lead_events as w", (j) => j.onRef("w.lead_id", "=", "leads.id").on("w.type", "=", "won"))
    .select((eb) => [
      "leads.experiment",
      "leads.phase",
      "leads.arm",
      eb.fn.countAll<number | string>().as("leads"),
      eb.fn.count<number | string>(sql`case when q.id is not null or w.id is not null then 1 end`).as("qualified"),
      eb.fn.count<number | string>("w.id").as("sales"),
      eb.fn.sum<number | string | null>("w.value").as("value"),
    ])
    .where("leads.experiment", "in", experiments)
    .groupBy(["leads.experiment", "leads.phase", "leads.arm"])
    .execute();
  for (const r of leads) {
    if (r.experiment === null || r.phase === null || r.arm === null) continue;
    Object.assign(at({ experiment: r.experiment, phase: r.phase, arm: r.arm }), {
      leads: Number(r.leads),
      qualified: Number(r.qualified),
      sales: Number(r.sales),
      value: Number(r.value ?? 0),
    });
  }
  // The strict window: one row per lead old enough (bounded by the declared experiments' leads),
  // with its first qualified or won event; the 14 days are compared here, the same on both engines.
  const mature = await db
    .selectFrom("leads")
    .leftJoin("lead_events as e", (j) => j.onRef("e.lead_id", "=", "leads.id").on("e.type", "in", ["qualified", "won"]))
    .select((eb) => [
      "leads.experiment",
      "leads.phase",
      "leads.arm",
      "leads.created_at",
      eb.fn.min<Date | string | null>("e.at").as("first"),
    ])
    .where("leads.experiment", "in", experiments)
    .where("leads.created_at", "<=", toDb(new Date(now.getTime() - STRICT_WINDOW_MS)))
    .groupBy(["leads.id", "leads.experiment", "leads.phase", "leads.arm", "leads.created_at"])
    .execute();
  for (const r of mature) {
    if (r.experiment === null || r.phase === null || r.arm === null) continue;
    const t = at({ experiment: r.experiment, phase: r.phase, arm: r.arm });
    t.mature++;
    if (r.first !== null && fromDb(r.first).getTime() - fromDb(r.created_at).getTime() <= STRICT_WINDOW_MS)
      t.matureQualified++;
  }
  return [...totals.values()];
}

/** Leads on `path` created since `from` with a `qualified` or `won` event (the plan line's rate). */
export async function qualifiedOnPage(db: Kysely<Database>, path: string, from: Date): Promise<number> {
  const row = await db
    .selectFrom("leads")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("path", "=", path)
    .where("created_at", ">=", toDb(from))
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom("lead_events")
          .select("lead_events.id")
          .whereRef("lead_events.lead_id", "=", "leads.id")
          .where("lead_events.type", "in", ["qualified", "won"]),
      ),
    )
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
