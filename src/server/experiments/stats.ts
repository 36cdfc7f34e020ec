/**
 * The decision rule of an experiment (issue 37 item 5, decision 096), pure. With fixed weights each
 * qualified lead is the challenger's with known probability π₀ = w_B/(w_A+w_B) when the arms do not
 * differ; E is a beta-binomial mixture likelihood ratio against that, a martingale under no
 * difference, so by Ville's inequality it ever crosses 1/α with probability at most α, however
 * often it is read. With c = 10, a = cπ₀, b = c(1−π₀):
 *   E = B(a+x_B, b+x_A) / B(a, b) · π₀^(−x_B) · (1−π₀)^(−x_A)
 * r̂ = (x_B/w_B)/(x_A/w_A) and its 95% confidence sequence {r : E(π₀(r)) < K/α},
 * π₀(r) = w_B·r/(w_B·r + w_A). Sample-ratio mismatch: χ² of arrivals against the weights.
 */

export const ALPHA = 0.05;
export const PRIOR_STRENGTH = 10;

/** ln Γ(x) for x > 0 (Lanczos, g = 7, 9 terms: about 15 significant digits). */
const LANCZOS = [
  0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
  12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
];
export function logGamma(x: number): number {
  if (x < 0.5) return Math.log(Math.PI / Math.abs(Math.sin(Math.PI * x))) - logGamma(1 - x);
  const z = x - 1;
  let sum = LANCZOS[0];
  for (let i = 1; i < 9; i++) sum += LANCZOS[i] / (z + i);
  const t = z + 7.5;
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(sum);
}

const logBeta = (a: number, b: number) => logGamma(a) + logGamma(b) - logGamma(a + b);

/** ln E for x_A control and x_B challenger qualified leads, when the challenger's share under no difference is `pi0`. */
export function logE(xA: number, xB: number, pi0: number): number {
  const a = PRIOR_STRENGTH * pi0;
  const b = PRIOR_STRENGTH * (1 - pi0);
  return logBeta(a + xB, b + xA) - logBeta(a, b) - xB * Math.log(pi0) - xA * Math.log(1 - pi0);
}

export const eValue = (xA: number, xB: number, pi0: number) => Math.exp(logE(xA, xB, pi0));

/** π₀(r): the challenger's share of qualified leads if its rate is r times the control's. */
export const shareAt = (r: number, wA: number, wB: number) => (wB * r) / (wB * r + wA);

/** r̂ = (x_B/w_B)/(x_A/w_A); null when the control has none (Infinity is not a number the report can show). */
export function ratio(xA: number, xB: number, wA: number, wB: number): number | null {
  if (xA === 0) return null;
  return xB / wB / (xA / wA);
}

const LOG_R_RANGE = 12;

/**
 * The confidence sequence {r : E(π₀(r)) < threshold} as [lo, hi]: lo 0 when no small r is
 * excluded, hi null when no large r is (unbounded). Found on a grid of ln r from −12 to 12, then
 * each edge refined by bisection.
 */
export function interval(xA: number, xB: number, wA: number, wB: number, threshold: number): [number, number | null] {
  const limit = Math.log(threshold);
  const inside = (lr: number) => logE(xA, xB, shareAt(Math.exp(lr), wA, wB)) < limit;
  const steps = 480;
  const grid = Array.from({ length: steps + 1 }, (_, i) => -LOG_R_RANGE + (2 * LOG_R_RANGE * i) / steps);
  const first = grid.findIndex(inside);
  if (first === -1) return [0, null];
  let last = first;
  while (last < steps && inside(grid[last + 1])) last++;
  const edge = (outside: number, within: number) => {
    let [out, inn] = [outside, within];
    for (let i = 0; i < 50; i++) {
      const mid = (out + inn) / 2;
      if (inside(mid)) inn = mid;
      else out = mid;
    }
    return Math.exp(inn);
  };
  const lo = first === 0 ? 0 : edge(grid[first - 1], grid[first]);
  const hi = last === steps ? null : edge(grid[last + 1], grid[last]);
  return [lo, hi];
}

/** erfc(x), x ≥ 0 (Numerical Recipes' erfcc: fractional error below 1.2e-7). */
function erfc(x: number): number {
  const t = 1 / (1 + 0.5 * x);
  const poly =
    -x * x -
    1.26551223 +
    t *
      (1.00002368 +
        t *
          (0.37409196 +
            t *
              (0.09678418 +
                t *
                  (-0.18628806 +
                    t * (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277))))))));
  return t * Math.exp(poly);
}

/** The χ² statistic of observed counts against expected shares (weights). */
export function chiSquare(observed: readonly number[], weights: readonly number[]): number {
  const total = observed.reduce((s, x) => s + x, 0);
  const sum = weights.reduce((s, w) => s + w, 0);
  return observed.reduce((s, x, i) => {
    const expected = (total * weights[i]) / sum;
    return s + (x - expected) ** 2 / expected;
  }, 0);
}

/** The upper tail of χ² with 1 or 2 degrees of freedom (2 or 3 arms): closed forms. */
export function chiSquareP(statistic: number, df: 1 | 2): number {
  return df === 1 ? erfc(Math.sqrt(statistic / 2)) : Math.exp(-statistic / 2);
}

export const SRM_P = 0.001;
export const SRM_MIN_ARRIVALS = 8;

/** The mismatch p-value of arrivals against the weights; null until every arm has SRM_MIN_ARRIVALS. */
export function srmP(arrivals: readonly number[], weights: readonly number[]): number | null {
  if (arrivals.some((n) => n < SRM_MIN_ARRIVALS)) return null;
  return chiSquareP(chiSquare(arrivals, weights), (arrivals.length - 1) as 1 | 2);
}

/** Qualified leads needed for 80% power at 2× and at 1.5× (the design study's simulation). */
export const LEADS_FOR_2X = 112;
export const LEADS_FOR_1_5X = 329;

/** The plan line's weeks at `perWeek` qualified leads a week; null without any. */
export function planWeeks(perWeek: number): { double: number; half: number } | null {
  if (!(perWeek > 0)) return null;
  return { double: Math.ceil(LEADS_FOR_2X / perWeek), half: Math.ceil(LEADS_FOR_1_5X / perWeek) };
}
