/**
 * The experiments row of `npm run bench` (issue 37): an arrival on a running experiment's page (no
 * `xa`: an arm drawn, counted, sent `private, no-store` from the page cache) against that page's
 * arm page with its `xa` (a cached public page), alternating in the same run on a built site
 * started with a one-experiment EXPERIMENTS_FILE. Goal: the arrival's req/s ≥ 0.8× the cached
 * page's, no errors.
 *
 * Run on its own: `npx tsx build.ts && npx tsx scripts/bench-experiments.ts` (BENCH_ROUNDS, BENCH_SECONDS).
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { CampaignOptions } from "./bench-campaign";
import { pairRow } from "./bench-segments";
import { startBuiltSite, stop } from "./lib";

const PAGE = "/segmentos/odontologia";

export async function experimentRow(o: CampaignOptions): Promise<{ ok: boolean }> {
  const dir = mkdtempSync(join(tmpdir(), "xia-bench-experiments-"));
  const file = join(dir, "experiments.json");
  // Yesterday to tomorrow (UTC days): running today in any TIME_ZONE.
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const arms = [
    { id: "a", variant: null, weight: 1 },
    { id: "b", variant: "implante", weight: 1 },
  ];
  writeFileSync(file, JSON.stringify([{ id: "bench", page: PAGE, arms, start: day(-1), end: day(1) }]));
  const site = await startBuiltSite({ EXPERIMENTS_FILE: file });
  try {
    const { ratio } = await pairRow(
      "experiment row (arrival vs its cached arm page)",
      site.url,
      o,
      `${PAGE}?xa=bench.b`,
      PAGE,
    );
    console.log(`  experiment goal: arrival ≥ 0.8× the cached page: ${ratio.toFixed(2)}`);
    return { ok: ratio >= 0.8 };
  } finally {
    await stop(site.proc);
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { ok } = await experimentRow({
    rounds: Number(process.env.BENCH_ROUNDS ?? 3),
    seconds: Number(process.env.BENCH_SECONDS ?? 8),
    connections: 50,
    headers: { "accept-encoding": "br, gzip" },
  });
  process.exit(ok ? 0 : 1);
}
