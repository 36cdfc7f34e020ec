/**
 * The server's memory after every page has been served (issue 25's RSS budget):
 *   npx tsx build.ts && npx tsx scripts/rss.ts [path/to/server.js]
 * Starts the build (default dist/server.js; another build to compare, e.g. one from before the
 * segment pages), then asks it, 8 at a time: every page of every language (landing, legal, the
 * segment pages) in br, gzip and identity, a calculator answer on each page that has the calculator
 * (landing and segment pages) in each encoding, and every variant page in each encoding; twice
 * (the second sweep from the page cache). Then VmRSS from /proc, one second after the last answer.
 * The pages come from the route table and the catalogues (scripts/pages.ts); a build that answers
 * the sample segment page with 404 has no segment pages, and only the requests that exist there
 * are made (its landing and legal pages and answers; RSS_WITHOUT_SEGMENTS=1 does the same against
 * this build, to tell the build's own cost from the new pages' traffic). RSS_ROUNDS fresh processes (default 3):
 * median and all figures. Compare two builds' medians in the same session: budget ≤ 40 MB above
 * the figure before the segment pages.
 */
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { calculatorPath } from "./flood";
import { median, rssMb, startBuiltSite, stop } from "./lib";
import { LANDING_PATHS, LEGAL_PATHS, SEGMENT_PATHS, SEGMENT_SAMPLE, VARIANT_URLS } from "./pages";

const ENCODINGS = ["br", "gzip", "identity"];
const PARALLEL = 8;

/** The requests of one sweep against a build, and whether that build has segment pages. */
async function requestsFor(url: string): Promise<{ paths: string[]; segments: boolean }> {
  const segments = process.env.RSS_WITHOUT_SEGMENTS !== "1" && (await fetch(url + SEGMENT_SAMPLE[0])).status === 200;
  const withCalculator = [...LANDING_PATHS, ...(segments ? SEGMENT_PATHS : [])];
  const paths = [
    ...withCalculator,
    ...LEGAL_PATHS,
    ...withCalculator.map((p) => calculatorPath(p)),
    ...(segments ? VARIANT_URLS.map((v) => v.path) : []),
  ];
  return { paths, segments };
}

/** Every path in every encoding, PARALLEL at a time; throws on a status other than 200. */
async function sweep(url: string, paths: string[]): Promise<number> {
  const queue = paths.flatMap((path) => ENCODINGS.map((encoding) => ({ path, encoding })));
  let served = 0;
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const res = await fetch(url + next.path, { headers: { "accept-encoding": next.encoding } });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${next.path} (${next.encoding}): ${res.status}`);
      served++;
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  return served;
}

/** One fresh process: RSS at start, after the sweeps. */
export async function rssRound(
  entry: string,
): Promise<{ idle: number; after: number; served: number; segments: boolean }> {
  const site = await startBuiltSite({}, entry);
  try {
    await new Promise((r) => setTimeout(r, 1000));
    const idle = rssMb(site.proc.pid!);
    const { paths, segments } = await requestsFor(site.url);
    // New calculator values in the second sweep (an answer is never the same twice in real traffic).
    const served = (await sweep(site.url, paths)) + (await sweep(site.url, (await requestsFor(site.url)).paths));
    await new Promise((r) => setTimeout(r, 1000));
    return { idle, after: rssMb(site.proc.pid!), served, segments };
  } finally {
    await stop(site.proc);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const entry = resolve(process.argv[2] ?? "dist/server.js");
  const rounds = Number(process.env.RSS_ROUNDS ?? 3);
  const results: Array<Awaited<ReturnType<typeof rssRound>>> = [];
  for (let i = 0; i < rounds; i++) {
    const r = await rssRound(entry);
    results.push(r);
    console.log(
      `  round ${i + 1}: RSS ${r.idle.toFixed(1)} MB idle → ${r.after.toFixed(1)} MB after ${r.served} requests (segment pages: ${r.segments ? "requested" : "not requested (none in this build, or RSS_WITHOUT_SEGMENTS)"})`,
    );
  }
  const m = (k: "idle" | "after") => median(results.map((r) => r[k])).toFixed(1);
  console.log(`rss ${entry}: median idle ${m("idle")} MB, after every page ${m("after")} MB (${rounds} rounds)`);
}
