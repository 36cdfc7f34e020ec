/**
 * The segment rows of `npm run bench` (issues 25 and 26): a segment page against its language's
 * landing page, and a variant page against its clean page, alternating in the same run, with the
 * medians' ratio. Goal: each ≥ 0.9 (within 10 %), p99 ≤ 1.3×, no errors. The pages come from the
 * route table and the catalogues (scripts/pages.ts: SEGMENT_SAMPLE, VARIANT_SAMPLE). Both sides
 * rebuild every request (decision 040, bench-campaign.ts's run()), so the load generator's own work
 * counts on both or neither.
 *
 * Run on its own: `npx tsx build.ts && npx tsx scripts/bench-segments.ts [path/to/server.js]`
 * (BENCH_ROUNDS, BENCH_SECONDS).
 */
import { pathToFileURL } from "node:url";
import { run, runRowAlone, type CampaignOptions, type Sample } from "./bench-campaign";
import { median } from "./lib";
import { LANDING_PATHS, SEGMENT_SAMPLE, VARIANT_SAMPLE, langOf } from "./pages";

/** `path` against `base`, alternating for `rounds` rounds; prints each and the medians' ratio. */
export async function pairRow(
  title: string,
  siteUrl: string,
  o: CampaignOptions,
  base: string,
  path: string,
): Promise<{ ok: boolean; ratio: number }> {
  const rows: Record<"base" | "page", Sample[]> = { base: [], page: [] };
  console.log(`\n${title}: ${path} vs ${base}`);
  for (let round = 1; round <= o.rounds; round++) {
    // Alternate which side goes first, so that a drift of the machine's load favours neither.
    const order = round % 2 ? (["base", "page"] as const) : (["page", "base"] as const);
    for (const key of order) {
      const p = key === "base" ? base : path;
      rows[key].push(await run(siteUrl + p, o, () => p));
    }
    for (const key of ["base", "page"] as const) {
      const s = rows[key][round - 1];
      console.log(`  round ${round} ${key.padEnd(4)}: ${Math.round(s.rps)} req/s, p99 ${s.p99} ms, errors ${s.errors}`);
    }
  }
  const m = (key: "base" | "page") => ({
    rps: median(rows[key].map((s) => s.rps)),
    p99: median(rows[key].map((s) => s.p99)),
  });
  const [b, p] = [m("base"), m("page")];
  const errors = [...rows.base, ...rows.page].reduce((a, s) => a + s.errors, 0);
  const ratio = p.rps / b.rps;
  const p99Ratio = p.p99 / Math.max(b.p99, 1);
  console.log(
    `  medians: ${base} ${Math.round(b.rps)} req/s p99 ${b.p99} ms; ${path} ${Math.round(p.rps)} req/s p99 ${p.p99} ms`,
  );
  console.log(
    `  ratios: req/s ${ratio.toFixed(2)} (goal ≥ 0.9), p99 ${p99Ratio.toFixed(2)} (goal ≤ 1.3), errors ${errors}`,
  );
  return { ok: ratio >= 0.9 && p99Ratio <= 1.3 && errors === 0, ratio };
}

/** The segment page against its landing page, then the variant page against its clean page. */
export async function segmentRows(siteUrl: string, o: CampaignOptions): Promise<{ ok: boolean }> {
  const segment = SEGMENT_SAMPLE[0];
  const landing = LANDING_PATHS.find((p) => langOf(p) === langOf(segment))!;
  const a = await pairRow("segment row", siteUrl, o, landing, segment);
  const b = await pairRow("variant row", siteUrl, o, VARIANT_SAMPLE.clean, VARIANT_SAMPLE.path);
  return { ok: a.ok && b.ok };
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await runRowAlone(segmentRows);
