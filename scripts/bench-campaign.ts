/**
 * The ad-click row of `npm run bench` (issue 10): the English landing page as an ad click reaches it
 * (`/en?utm_source=…&utm_medium=…&utm_campaign=…&fbclid=<fresh per request>`) against the clean
 * `/en`, alternating in the same run, with the ratio of the two. Goal: ad-click req/s ≥ 0.9× the
 * clean URL's, p99 ≤ 1.3×. A fresh fbclid per request (autocannon's setupRequest hook) is what a
 * campaign looks like to the server: every visitor's click id differs.
 *
 * Run on its own: `npx tsx build.ts && npx tsx scripts/bench-campaign.ts` (BENCH_ROUNDS,
 * BENCH_SECONDS; CAMPAIGN_CLEAN_PATH to compare another clean path, e.g. `/?lang=en`).
 */
import autocannon from "autocannon";
import { randomBytes } from "node:crypto";
import { pathToFileURL } from "node:url";
import { median, startBuiltSite, stop } from "./lib";

export interface CampaignOptions {
  rounds: number;
  seconds: number;
  connections: number;
  headers: Record<string, string>;
  /** The clean URL's path; the ad-click URL is this plus tracking parameters. */
  cleanPath?: string;
}

export interface Sample {
  rps: number;
  p99: number;
  errors: number;
}

/** The clean path with a campaign's parameters and a new click id, as Meta appends it. */
export function adClickPath(cleanPath: string): string {
  const sep = cleanPath.includes("?") ? "&" : "?";
  const fbclid = "IwAR" + randomBytes(24).toString("base64url");
  return `${cleanPath}${sep}utm_source=facebook&utm_medium=paid_social&utm_campaign=spring_launch&fbclid=${fbclid}`;
}

/**
 * autocannon on `url`; with `freshPath`, every request is rebuilt with a new path before it is sent.
 * Rows that compare two URLs rebuild every request on both sides (the fixed one with a constant
 * path): rebuilding costs the load generator CPU, and on a 2-core machine it shares the cores with
 * the server, so rebuilding only one side measured the client, not the server (the ad-click row
 * read 0.89 that way, 0.98 with the same client work on both sides).
 */
export function run(url: string, o: CampaignOptions, freshPath?: () => string): Promise<Sample> {
  const requests = freshPath
    ? [{ method: "GET" as const, setupRequest: (r: object) => ({ ...r, path: freshPath() }) }]
    : undefined;
  return new Promise((resolve, reject) =>
    autocannon({ url, connections: o.connections, duration: o.seconds, headers: o.headers, requests }, (err, r) =>
      err
        ? reject(err)
        : resolve({ rps: r.requests.average, p99: r.latency.p99, errors: r.errors + r.timeouts + r.non2xx }),
    ),
  );
}

/** Alternates the clean and the ad-click URL for `rounds` rounds; prints each and the medians' ratio. */
export async function campaignRow(siteUrl: string, o: CampaignOptions): Promise<{ ok: boolean }> {
  const clean = o.cleanPath ?? "/en";
  const rows: Record<"clean" | "adClick", Sample[]> = { clean: [], adClick: [] };
  console.log(`\nad-click row: ${clean} vs ${adClickPath(clean).replace(/fbclid=.*/, "fbclid=<fresh per request>")}`);
  for (let round = 1; round <= o.rounds; round++) {
    // The same client work on both sides: each request rebuilt (run()'s comment).
    rows.clean.push(await run(siteUrl + clean, o, () => clean));
    rows.adClick.push(await run(siteUrl + clean, o, () => adClickPath(clean)));
    for (const key of ["clean", "adClick"] as const) {
      const s = rows[key][round - 1];
      console.log(`  round ${round} ${key.padEnd(7)}: ${Math.round(s.rps)} req/s, p99 ${s.p99} ms, errors ${s.errors}`);
    }
  }
  const m = (key: "clean" | "adClick") => ({
    rps: median(rows[key].map((s) => s.rps)),
    p99: median(rows[key].map((s) => s.p99)),
    errors: rows[key].reduce((a, s) => a + s.errors, 0),
  });
  const [c, a] = [m("clean"), m("adClick")];
  const rpsRatio = a.rps / c.rps;
  const p99Ratio = a.p99 / Math.max(c.p99, 1);
  console.log(
    `  medians: clean ${Math.round(c.rps)} req/s p99 ${c.p99} ms; ad-click ${Math.round(a.rps)} req/s p99 ${a.p99} ms`,
  );
  console.log(
    `  ratios: ad-click/clean req/s ${rpsRatio.toFixed(2)} (goal ≥ 0.9), p99 ${p99Ratio.toFixed(2)} (goal ≤ 1.3), errors ${a.errors + c.errors}`,
  );
  return { ok: rpsRatio >= 0.9 && p99Ratio <= 1.3 && a.errors + c.errors === 0 };
}

/**
 * A row run on its own (`npx tsx scripts/bench-<row>.ts [path/to/server.js]`): starts that build
 * (default dist/server.js), runs the row with BENCH_ROUNDS and BENCH_SECONDS, exits with its verdict.
 */
export async function runRowAlone(
  row: (siteUrl: string, o: CampaignOptions) => Promise<{ ok: boolean }>,
  extra: Partial<CampaignOptions> = {},
  entry = process.argv[2],
): Promise<never> {
  const site = await startBuiltSite({}, entry);
  const { ok } = await row(site.url, {
    rounds: Number(process.env.BENCH_ROUNDS ?? 3),
    seconds: Number(process.env.BENCH_SECONDS ?? 8),
    connections: 50,
    headers: { "accept-encoding": "br, gzip" },
    ...extra,
  });
  await stop(site.proc);
  process.exit(ok ? 0 : 1);
}

if (import.meta.url === pathToFileURL(process.argv[1]).href)
  await runRowAlone(campaignRow, { cleanPath: process.env.CAMPAIGN_CLEAN_PATH }, undefined);
