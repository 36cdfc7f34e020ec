/**
 * An experiment phase's status from its counts (issue 37 items 5 and 6, decision 096), pure: what
 * the report's "Experimentos" section and `/leads/experiments.json` show. The first arm is the
 * control; each other arm (a challenger) is compared with it on qualified leads (E, r̂ and its
 * confidence sequence at K/α, K challengers). A winner needs E ≥ K/α, at least MIN_DAYS days and
 * no sample-ratio mismatch; a mismatch suppresses any verdict. Leads, sales and value are shown,
 * never deciding.
 */
import { ALPHA, interval, logE, ratio, srmP, SRM_P } from "./stats";

export const MIN_DAYS = 14;
/** How long an ended phase keeps collecting outcomes before "no detectable difference" is final. */
export const OUTCOME_DAYS = 60;

export type Status = "collecting" | "too-early" | "srm" | "winner" | "no-difference" | "awaiting-outcomes";

export interface ArmCounts {
  id: string;
  weight: number;
  arrivals: number;
  leads: number;
  qualified: number;
  sales: number;
  /** Sales value in the phase (the report's currency), shown only. */
  value: number;
}

export interface Comparison {
  arm: string;
  e: number;
  ratio: number | null;
  interval: [number, number | null];
}

export interface PhaseVerdict {
  id: string;
  phase: string;
  status: Status;
  /** The arm named the winner (a challenger or the control), with status "winner". */
  winner: string | null;
  days: number;
  srm_p: number | null;
  /** The challenger with the largest E (the only one with two arms). */
  e: number;
  ratio: number | null;
  interval: [number, number | null];
  comparisons: Comparison[];
  arms: ArmCounts[];
}

const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / 86_400_000;

/** Days run by `today` (both ends counted), 0 before the start. */
export function daysRun(start: string, end: string, today: string): number {
  const last = today < end ? today : end;
  return last < start ? 0 : dayNumber(last) - dayNumber(start) + 1;
}

export interface PhaseInput {
  id: string;
  phase: string;
  start: string;
  end: string;
  /** In declared order, the control first. */
  arms: ArmCounts[];
}

export function judge({ id, phase, start, end, arms }: PhaseInput, today: string): PhaseVerdict {
  const [control, ...challengers] = arms;
  const threshold = challengers.length / ALPHA;
  const comparisons = challengers.map((arm): Comparison => {
    const pi0 = arm.weight / (arm.weight + control.weight);
    return {
      arm: arm.id,
      e: Math.exp(logE(control.qualified, arm.qualified, pi0)),
      ratio: ratio(control.qualified, arm.qualified, control.weight, arm.weight),
      interval: interval(control.qualified, arm.qualified, control.weight, arm.weight, threshold),
    };
  });
  const best = comparisons.reduce((a, b) => (b.e > a.e ? b : a));
  const days = daysRun(start, end, today);
  const srm = srmP(
    arms.map((a) => a.arrivals),
    arms.map((a) => a.weight),
  );
  const crossed = best.e >= threshold;
  const ended = today > end;
  const status: Status =
    srm !== null && srm < SRM_P
      ? "srm"
      : crossed
        ? days >= MIN_DAYS
          ? "winner"
          : "too-early"
        : ended
          ? dayNumber(today) - dayNumber(end) <= OUTCOME_DAYS
            ? "awaiting-outcomes"
            : "no-difference"
          : days >= MIN_DAYS
            ? "no-difference"
            : "collecting";
  // Direction: the challenger's share of qualified leads above or below what no difference gives.
  const winner = status === "winner" ? ((best.ratio ?? Infinity) > 1 ? best.arm : control.id) : null;
  return {
    id,
    phase,
    status,
    winner,
    days,
    srm_p: srm,
    e: best.e,
    ratio: best.ratio,
    interval: best.interval,
    comparisons,
    arms,
  };
}
