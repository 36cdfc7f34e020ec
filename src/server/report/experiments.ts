/**
 * `GET /leads/experiments.json` (issue 37 item 6, decision 096), behind the report's password: per
 * experiment of EXPERIMENTS_FILE and per phase found in the ledger (the current one always), its
 * status, days run, mismatch p-value, E, r̂ with its 95% confidence sequence (an unbounded edge is
 * null) and per arm its weight, arrivals, leads, qualified leads and sales. An earlier phase is
 * judged with the weights its id names (settings.ts' weightsOf). Never cached; 503 while the
 * database does not answer.
 */
import type { RequestHandler } from "express";
import { dayOf } from "../../content/dates";
import type { Experiment } from "../experiments/settings";
import { weightsOf } from "../experiments/settings";
import { judge, type ArmCounts } from "../experiments/verdict";
import { planWeeks } from "../experiments/stats";
import { StoreUnavailableError, type ArmTotals, type Ledger } from "../ledger/types";

export const EXPERIMENTS_JSON_PATH = "/leads/experiments.json";

const finite = (n: number | null) => (n === null || !Number.isFinite(n) ? null : n);

/** Every experiment's phases, judged on `today`. */
export function experimentReport(experiments: readonly Experiment[], totals: readonly ArmTotals[], today: string) {
  return experiments.flatMap((x) => {
    const phases = new Set([x.phase, ...totals.filter((t) => t.experiment === x.id).map((t) => t.phase)]);
    return [...phases]
      .map((phase) => {
        const weights = phase === x.phase ? new Map(x.arms.map((a) => [a.id, a.weight])) : weightsOf(phase);
        const arms: ArmCounts[] = [...weights].map(([id, weight]) => {
          const t = totals.find((r) => r.experiment === x.id && r.phase === phase && r.arm === id);
          return {
            id,
            weight,
            arrivals: t?.arrivals ?? 0,
            leads: t?.leads ?? 0,
            qualified: t?.qualified ?? 0,
            sales: t?.sales ?? 0,
            value: t?.value ?? 0,
          };
        });
        if (arms.length < 2) return null;
        const v = judge({ id: x.id, phase, start: x.start, end: x.end, arms }, today);
        return {
          id: v.id,
          phase: v.phase,
          status: v.status,
          winner: v.winner,
          days: v.days,
          srm_p: v.srm_p,
          e: finite(v.e),
          ratio: finite(v.ratio),
          interval: [v.interval[0], finite(v.interval[1])],
          // Shown, never deciding: the strict window (leads ≥ 14 days old, qualified within 14 days).
          arms: v.arms.map((a) => {
            const t = totals.find((r) => r.experiment === x.id && r.phase === phase && r.arm === a.id);
            return { ...a, mature: t?.mature ?? 0, matureQualified: t?.matureQualified ?? 0 };
          }),
        };
      })
      .filter((p) => p !== null);
  });
}

/** One phase as the report shows it: its verdict, per-arm counts (value too) and the page's plan line. */
export type ExperimentPhase = Awaited<ReturnType<typeof loadExperiments>>[number];

/** The report's experiments on `at`: what the JSON and the page's "Experimentos" section show. */
export async function loadExperiments(experiments: readonly Experiment[], store: Ledger, timeZone: string, at: Date) {
  const totals = await store.armTotals(
    experiments.map((x) => x.id),
    at,
  );
  // The plan line: the page's qualified leads a week over the last 8 weeks.
  const since = new Date(at.getTime() - 56 * 86_400_000);
  const perWeek = new Map<string, number>();
  for (const x of experiments) perWeek.set(x.path, (await store.qualifiedOnPage(x.path, since)) / 8);
  return experimentReport(experiments, totals, dayOf(at, timeZone).today.iso).map((p) => {
    const path = experiments.find((x) => x.id === p.id)!.path;
    return { ...p, plan: { per_week: perWeek.get(path)!, weeks: planWeeks(perWeek.get(path)!) } };
  });
}

export function experimentsJson(
  experiments: readonly Experiment[],
  store: Ledger,
  timeZone: string,
  now: () => Date,
): RequestHandler {
  return async (_req, res, next) => {
    res.set({ "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex, nofollow" });
    try {
      const report = await loadExperiments(experiments, store, timeZone, now());
      res.json(
        report.map((p) => ({
          ...p,
          arms: p.arms.map(({ id, weight, arrivals, leads, qualified, sales }) => ({
            id,
            weight,
            arrivals,
            leads,
            qualified,
            sales,
          })),
        })),
      );
    } catch (error) {
      if (!(error instanceof StoreUnavailableError)) return next(error);
      res.status(503).set("Retry-After", "60").json({ error: "unavailable" });
    }
  };
}
