/**
 * The calculator row of `npm run bench` (issue 19): `/en` (the cached page) against the calculator's
 * answers `/en?leads=…&interactions=…` with distinct values per request (none ever asked before: no
 * cache can help), alternating in the same run, with the ratio. Goal: answers ≥ 0.5× the cached
 * page's req/s (decision 040). Before, each answer was a full render compressed per request: 0.08×.
 *
 * On its own, against this build or another one:
 *   npx tsx build.ts && npx tsx scripts/bench-calculator.ts [path/to/server.js]
 * (BENCH_ROUNDS, BENCH_SECONDS)
 */
import { pathToFileURL } from "node:url";
import { run, runRowAlone, type CampaignOptions, type Sample } from "./bench-campaign";
import { calculatorPath } from "./flood";
import { median } from "./lib";

export async function calculatorRow(siteUrl: string, o: CampaignOptions): Promise<{ ok: boolean; ratio: number }> {
  const rows: Record<"cached" | "answers", Sample[]> = { cached: [], answers: [] };
  console.log(`\ncalculator row: /en (cached) vs /en?leads=…&interactions=… (distinct values per request)`);
  for (let round = 1; round <= o.rounds; round++) {
    // The same client work on both sides: each request rebuilt (run()'s comment).
    rows.cached.push(await run(siteUrl + "/en", o, () => "/en"));
    rows.answers.push(await run(siteUrl + "/en", o, () => calculatorPath("/en")));
    for (const key of ["cached", "answers"] as const) {
      const s = rows[key][round - 1];
      console.log(`  round ${round} ${key.padEnd(7)}: ${Math.round(s.rps)} req/s, p99 ${s.p99} ms, errors ${s.errors}`);
    }
  }
  const rps = (key: "cached" | "answers") => median(rows[key].map((s) => s.rps));
  const errors = [...rows.cached, ...rows.answers].reduce((a, s) => a + s.errors, 0);
  const ratio = rps("answers") / rps("cached");
  console.log(
    `  medians: cached ${Math.round(rps("cached"))} req/s, answers ${Math.round(rps("answers"))} req/s; ratio ${ratio.toFixed(2)} (goal ≥ 0.5), errors ${errors}`,
  );
  return { ok: ratio >= 0.5 && errors === 0, ratio };
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await runRowAlone(calculatorRow);
