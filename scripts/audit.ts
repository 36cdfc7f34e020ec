/**
 * `npm run audit`: Lighthouse 12 (mobile preset: simulated slow 4G, 4× CPU slowdown) with Debian's
 * Chromium against the production build (dist/server.js started as the Procfile does) for /,
 * /en, /es, /privacy, /terms, one segment page per language (SEGMENT_SAMPLE) and one variant page
 * (VARIANT_SAMPLE; scripts/pages.ts derives both from the route table and the catalogues). After one discarded warm-up run, each page runs AUDIT_RUNS times
 * (default 3; TBT is noisy on two shared cores) and the medians are printed: the four category scores and
 * FCP/LCP/TBT/CLS. Then the bytes each page costs (scripts/weigh.ts), and the largest first
 * response per language of all segment and variant pages. Exits non-zero when a category is below
 * 100, a first response is over 14,600 B, or a segment or variant page loads more JavaScript than
 * its language's landing page.
 */
import * as chromeLauncher from "chrome-launcher";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import lighthouse from "lighthouse";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../tests/e2e/browser";
import { median, startBuiltSite, stop } from "./lib";
import { LANDING_PATHS, LEGAL_PATHS, SEGMENT_SAMPLE, VARIANT_SAMPLE } from "./pages";
import { describe, FIRST_RESPONSE_LIMIT, heavierThanLanding, WEIGHED_PATHS, weigh, weighSegments } from "./weigh";

const RUNS = Number(process.env.AUDIT_RUNS ?? 3);
const PAGES = [...LANDING_PATHS, ...LEGAL_PATHS, ...SEGMENT_SAMPLE, VARIANT_SAMPLE.path];
const WIDTH = Math.max(...PAGES.map((p) => p.length)) + 1;
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;

/**
 * With PLAUSIBLE_DOMAIN set (the measurement audit, decision 044), Plausible's script, which loads
 * without consent, would be fetched from plausible.io: there is no network here, and the failed
 * request would be logged to the console (Best Practices). Unless PLAUSIBLE_SCRIPT_URL is set, a
 * local stand-in serves a stub script (and accepts its events); the real script's own cost is not
 * measured by this audit (the README gives it). GA4, GTM and Meta load only after consent, which
 * Lighthouse never gives: nothing of theirs is requested.
 */
let standIn: Server | undefined;
if (process.env.PLAUSIBLE_DOMAIN && !process.env.PLAUSIBLE_SCRIPT_URL) {
  standIn = createServer((req, res) => {
    if (req.method === "POST") return void res.writeHead(202).end();
    res.writeHead(200, { "Content-Type": "text/javascript", "Cache-Control": "public, max-age=86400" });
    res.end("window.plausible=window.plausible||function(){};");
  });
  await new Promise<void>((resolve) => standIn!.listen(0, "127.0.0.1", resolve));
  const { port } = standIn.address() as AddressInfo;
  process.env.PLAUSIBLE_SCRIPT_URL = `http://127.0.0.1:${port}/js/script.js`;
  console.log(`Plausible stood in locally at ${process.env.PLAUSIBLE_SCRIPT_URL} (no network here)`);
}
const site = await startBuiltSite();
const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM_PATH,
  chromeFlags: ["--headless=new", ...CHROMIUM_ARGS],
});
let failed = false;

/**
 * One Lighthouse run of a page. A run that has not finished after RUN_TIMEOUT_MS (seen once here:
 * Lighthouse waiting forever on a trace Chromium never sent) stops the audit with a message, rather
 * than leaving it hanging with nothing printed.
 */
const RUN_TIMEOUT_MS = Number(process.env.AUDIT_RUN_TIMEOUT_MS ?? 180_000);
async function run(path: string, categories: string[]) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(new Error(`audit: Lighthouse on ${path} did not finish in ${RUN_TIMEOUT_MS / 1000} s; run it again`)),
      RUN_TIMEOUT_MS,
    );
  });
  try {
    const result = await Promise.race([
      lighthouse(site.url + path, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: categories }),
      timeout,
    ]);
    return result!.lhr;
  } finally {
    clearTimeout(timer);
  }
}
console.log(
  `Lighthouse ${(await import("lighthouse/package.json", { with: { type: "json" } })).default.version}, mobile preset, ${RUNS} runs per page, medians`,
);
try {
  // One discarded run first: the first load after Chromium and the server start pays one-time costs
  // of this machine (processes, caches) that Lighthouse would multiply as if a phone paid them.
  await run(PAGES[0], ["performance"]);
  for (const path of PAGES) {
    const runs: Array<{ scores: number[]; fcp: number; lcp: number; tbt: number; cls: number; failing: string[] }> = [];
    let errored = 0;
    for (let i = 0; i < RUNS; i++) {
      const lhr = await run(path, [...CATEGORIES]);
      // A run Lighthouse itself could not complete (lhr.runtimeError: the page did not load, a trace
      // was lost) scores 0 without measuring the page: say so, and run again (twice at most).
      if (lhr.runtimeError) {
        console.log(
          `            ${path}: run ${i + 1} failed in Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`,
        );
        if (++errored > 2) {
          failed = true;
          break;
        }
        i--;
        continue;
      }
      const audit = (id: string) => lhr.audits[id].numericValue ?? 0;
      const failing = Object.values(lhr.audits)
        .filter(
          (a) =>
            a.score !== null &&
            a.score < 1 &&
            a.scoreDisplayMode !== "informative" &&
            a.scoreDisplayMode !== "manual" &&
            a.scoreDisplayMode !== "notApplicable",
        )
        .map((a) => `${a.id} (${a.score})`);
      runs.push({
        scores: CATEGORIES.map((c) => Math.round((lhr.categories[c].score ?? 0) * 100)),
        fcp: audit("first-contentful-paint"),
        lcp: audit("largest-contentful-paint"),
        tbt: audit("total-blocking-time"),
        cls: audit("cumulative-layout-shift"),
        failing,
      });
    }
    if (runs.length === 0) continue;
    const scores = CATEGORIES.map((_, i) => median(runs.map((r) => r.scores[i])));
    const m = (k: "fcp" | "lcp" | "tbt" | "cls") => median(runs.map((r) => r[k]));
    console.log(
      `${path.padEnd(WIDTH)} ${CATEGORIES.map((c, i) => `${c} ${scores[i]}`).join(", ")} | FCP ${Math.round(m("fcp"))} ms, LCP ${Math.round(m("lcp"))} ms, TBT ${Math.round(m("tbt"))} ms, CLS ${m("cls").toFixed(3)}` +
        ` | runs: ${runs.map((r) => r.scores.join("/")).join(" ")}`,
    );
    const failing = [...new Set(runs.flatMap((r) => r.failing))];
    if (failing.length) console.log(`            audits below 1 in some run: ${failing.join(", ")}`);
    if (scores.some((s) => s < 100)) failed = true;
  }
} catch (error) {
  await chrome.kill();
  await stop(site.proc);
  standIn?.close();
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
await chrome.kill();

console.log("\nweight (Chromium, Accept-Encoding br; headers included):");
const weights = await weigh(site.url, WEIGHED_PATHS);
for (const r of weights) console.log("  " + describe(r));
const heavier = heavierThanLanding(weights);
console.log(`JS on load above the language's landing page: ${heavier.join("; ") || "none"}`);
console.log("every segment and variant page, first response (JavaScript off):");
const light = (await weighSegments(site.url)) && weights.every((r) => r.firstResponse <= FIRST_RESPONSE_LIMIT);
await stop(site.proc);
standIn?.close();
if (heavier.length || !light) failed = true;
console.log(
  failed ? "audit: some budget missed (above)" : "audit: 100 in every category on every page, weights within budget",
);
process.exit(failed ? 1 : 0);
