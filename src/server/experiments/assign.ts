/**
 * Assignment at the origin, without a cookie (issue 37 items 2 and 3, decision 098). A request for
 * a running experiment's page gets one of three answers:
 * - with a valid `xa=<experiment>.<arm>`: that arm's page, public and cached until midnight like
 *   `?v=`, counting nothing (a reload, back, a shared link);
 * - with any other `xa` (unknown, ended, another page's, repeated, malformed): the page exactly as
 *   without the experiment, the clean cached copy, counting nothing;
 * - with neither `xa` nor a known `v` nor the calculator's fields: an arrival. An arm is drawn by
 *   weight with a CSPRNG (nothing is taken from the visitor), its page is sent `private, no-store`
 *   with no Set-Cookie, and one arrival is counted for it, unless the request is HEAD, a prefetch
 *   or prerender, a crawler or a link preview (the sales path's `unrecorded`).
 * Pages without a running experiment are untouched: the registry answers null.
 */
import { randomInt } from "node:crypto";
import type { Request } from "express";
import type { Lang } from "../../shared/languages";
import { single, type Query } from "../../shared/query";
import { ARM_PARAM } from "../../shared/experiments";
import type { VariantPage } from "../../content/variants";
import { unrecorded } from "../leads/guard";
import { isRunning, type Arm, type Experiment } from "./settings";
import type { ArrivalCounter } from "./arrivals";

export type Choice =
  /** The arm's page; `arrival`: drawn now (private, counted when a person asked). */
  | { kind: "arm"; experiment: Experiment; arm: Arm; token: string; arrival: boolean }
  /** An `xa` that names no running arm of this page: the page as without the experiment. */
  | { kind: "clean" };

export const tokenOf = (experiment: Experiment, arm: Arm) => `${experiment.id}.${arm.id}`;

/** The arm a token names on this experiment, or null. */
export function armOf(experiment: Experiment, token: string | null | undefined): Arm | null {
  if (typeof token !== "string" || !token.startsWith(`${experiment.id}.`)) return null;
  const id = token.slice(experiment.id.length + 1);
  return experiment.arms.find((a) => a.id === id) ?? null;
}

/** An arm drawn by weight with the CSPRNG. */
export function drawArm(experiment: Experiment): Arm {
  const total = experiment.arms.reduce((s, a) => s + a.weight, 0);
  let n = randomInt(total);
  for (const arm of experiment.arms) {
    if (n < arm.weight) return arm;
    n -= arm.weight;
  }
  return experiment.arms[0];
}

export interface ExperimentRouter {
  /**
   * What a request for `page` in `lang` on `day` shows, or null when the experiments change nothing
   * (no running experiment on the page, or a known `v` or calculator fields without `xa`).
   * `variant` is the known `v` the route found (null: none).
   */
  choose(req: Request, lang: Lang, page: VariantPage, query: Query, variant: string | null, day: string): Choice | null;
  /** The running experiment of an ad page on `day`, if any (the sales redirect checks a lead's token). */
  running(lang: Lang, page: VariantPage, day: string): Experiment | undefined;
}

export function experimentRouter(experiments: readonly Experiment[], arrivals: ArrivalCounter): ExperimentRouter {
  const byPage = new Map<string, Experiment[]>();
  for (const x of experiments) byPage.set(`${x.lang} ${x.page}`, [...(byPage.get(`${x.lang} ${x.page}`) ?? []), x]);
  const running = (lang: Lang, page: VariantPage, day: string) =>
    byPage.get(`${lang} ${page}`)?.find((x) => isRunning(x, day));
  return {
    running,
    choose(req, lang, page, query, variant, day) {
      if (byPage.size === 0) return null;
      const token = single(query, ARM_PARAM);
      const experiment = running(lang, page, day);
      if (token !== undefined) {
        const arm = experiment ? armOf(experiment, token) : null;
        return arm ? { kind: "arm", experiment: experiment!, arm, token: token!, arrival: false } : { kind: "clean" };
      }
      if (!experiment || variant !== null || query.has("leads") || query.has("interactions")) return null;
      const arm = drawArm(experiment);
      if (unrecorded(req) === null) arrivals.count(experiment.id, experiment.phase, arm.id, day);
      return { kind: "arm", experiment, arm, token: tokenOf(experiment, arm), arrival: true };
    },
  };
}

const previousDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

/**
 * What a sales link's `xa` records on its lead (issue 37 item 4): the experiment, phase and arm,
 * when the token names an arm of the page's experiment running today or yesterday (a page cached
 * until midnight may be clicked just after); anything else is dropped (null), never an error.
 */
export function leadArmFor(
  experiments: readonly Experiment[],
  at: { lang: Lang; page: VariantPage; day: string },
  token: string | null,
): { experiment: string; phase: string; arm: string } | null {
  if (token === null) return null;
  const { lang, page, day } = at;
  for (const x of experiments) {
    if (x.lang !== lang || x.page !== page || !(isRunning(x, day) || isRunning(x, previousDay(day)))) continue;
    const arm = armOf(x, token);
    if (arm) return { experiment: x.id, phase: x.phase, arm: arm.id };
  }
  return null;
}
