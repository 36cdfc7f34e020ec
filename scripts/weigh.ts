/**
 * `npx tsx scripts/weigh.ts [baseUrl]` (also run by `npm run audit`): what each page costs a
 * visitor, measured in Chromium with `Accept-Encoding: br`: the first response (headers + brotli
 * body) against the 14,600-byte first round trip, and every script it downloads, transferred bytes.
 */
import { chromium } from "playwright-core";
import { LANGS } from "../src/shared/languages";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../tests/e2e/browser";
import {
  LANDING_PATHS,
  LEGAL_PATHS,
  SEGMENT_PATHS,
  SEGMENT_SAMPLE,
  VARIANT_SAMPLE,
  VARIANT_URLS,
  langOf,
} from "./pages";

/** The first round trip's budget: 10 TCP segments of 1,460 bytes. */
export const FIRST_RESPONSE_LIMIT = 14_600;
/** Weighed in depth (first response and scripts): the landing, legal, sample segment and variant pages, a 404. */
export const WEIGHED_PATHS = [...LANDING_PATHS, ...LEGAL_PATHS, ...SEGMENT_SAMPLE, VARIANT_SAMPLE.path, "/missing"];

export interface Weight {
  path: string;
  htmlRaw: number;
  firstResponse: number;
  /** Scripts loaded with the page, then those the first interaction (pointer on the header) adds. */
  scripts: Array<{ url: string; bytes: number }>;
  onInteraction: Array<{ url: string; bytes: number }>;
}

export async function weigh(base: string, paths: string[]): Promise<Weight[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const out: Weight[] = [];
  for (const path of paths) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    const sizes = new Map<string, number>();
    const urls = new Map<string, { url: string; type: string }>();
    cdp.on("Network.responseReceived", (e) => urls.set(e.requestId, { url: e.response.url, type: e.type }));
    cdp.on("Network.loadingFinished", (e) => sizes.set(e.requestId, e.encodedDataLength));
    await page.goto(base + path, { waitUntil: "networkidle" });
    await page.waitForTimeout(1000);
    const scriptsNow = () =>
      [...urls]
        .filter(([, r]) => r.type === "Script")
        .map(([id, r]) => ({ url: new URL(r.url).pathname, bytes: sizes.get(id) ?? 0 }));
    const scripts = scriptsNow();
    if (await page.$(".logo")) {
      await page.hover(".logo");
      await page.waitForLoadState("networkidle");
      await page.waitForTimeout(500);
    }
    const onInteraction = scriptsNow().slice(scripts.length);
    const doc = [...urls].find(([, r]) => r.type === "Document")!;
    const raw = await (await fetch(base + path, { headers: { "accept-encoding": "identity" } })).arrayBuffer();
    // encodedDataLength of the document: its response headers plus the brotli body, as received.
    out.push({ path, htmlRaw: raw.byteLength, firstResponse: sizes.get(doc[0]) ?? 0, scripts, onInteraction });
    await context.close();
  }
  await browser.close();
  return out;
}

const list = (xs: Weight["scripts"]) =>
  xs.map((s) => `${s.url.replace("/assets/", "")} ${s.bytes} B`).join(", ") || "none";

/** One line per page; script sizes are bytes on the wire (brotli body plus response headers). */
export function describe(r: Weight): string {
  return `${r.path.padEnd(11)} first response ${r.firstResponse} B (limit 14,600), HTML ${r.htmlRaw} B uncompressed; JS on load: ${list(r.scripts)}; added by the first interaction: ${list(r.onInteraction)}`;
}

/**
 * The first response only (headers + brotli body as Chromium received it), for many pages: one
 * context, scripts disabled, each document's encodedDataLength when it finished loading.
 */
export async function firstResponses(base: string, paths: readonly string[]): Promise<Map<string, number>> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, javaScriptEnabled: false });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  const documents = new Map<string, string>();
  const sizes = new Map<string, number>();
  cdp.on("Network.responseReceived", (e) => e.type === "Document" && documents.set(e.requestId, e.response.url));
  cdp.on("Network.loadingFinished", (e) => sizes.set(e.requestId, e.encodedDataLength));
  const out = new Map<string, number>();
  for (const path of paths) {
    documents.clear();
    await page.goto(base + path, { waitUntil: "load" });
    const [id] = [...documents.keys()];
    while (!sizes.has(id)) await new Promise((r) => setTimeout(r, 10));
    out.set(path, sizes.get(id)!);
  }
  await browser.close();
  return out;
}

/**
 * Every segment page in every language and every variant page: the largest first response per
 * language against the limit. Returns whether all are within it.
 */
export async function weighSegments(base: string): Promise<boolean> {
  const variants = VARIANT_URLS.map((v) => v.path);
  const sizes = await firstResponses(base, [...SEGMENT_PATHS, ...variants]);
  const largest = (paths: string[]) => paths.reduce((a, p) => (sizes.get(p)! > sizes.get(a)! ? p : a));
  const over = [...sizes].filter(([, bytes]) => bytes > FIRST_RESPONSE_LIMIT).map(([p, b]) => `${p} ${b} B`);
  for (const lang of LANGS) {
    const segments = SEGMENT_PATHS.filter((p) => langOf(p) === lang);
    const mine = variants.filter((p) => langOf(p) === lang);
    const s = largest(segments);
    const v = mine.length ? largest(mine) : undefined;
    console.log(
      `  ${lang}: largest of ${segments.length} segment pages ${sizes.get(s)} B (${s})` +
        (v ? `; largest of ${mine.length} variant pages ${sizes.get(v)} B (${v})` : "; no variant pages"),
    );
  }
  console.log(`  over ${FIRST_RESPONSE_LIMIT} B: ${over.join(", ") || "none"}`);
  return over.length === 0;
}

/** Scripts on load (bytes on the wire) of each weighed segment or variant page above its language's landing page's. */
export function heavierThanLanding(rows: Weight[]): string[] {
  const js = (r: Weight) => r.scripts.reduce((a, s) => a + s.bytes, 0);
  const landing = new Map(rows.filter((r) => LANDING_PATHS.includes(r.path)).map((r) => [langOf(r.path), js(r)]));
  return rows
    .filter((r) => [...SEGMENT_SAMPLE, VARIANT_SAMPLE.path].includes(r.path))
    .filter((r) => js(r) > (landing.get(langOf(r.path)) ?? 0))
    .map((r) => `${r.path} ${js(r)} B > ${landing.get(langOf(r.path))} B`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const base = process.argv[2] ?? "http://localhost:3000";
  const rows = await weigh(base, WEIGHED_PATHS);
  for (const r of rows) console.log(describe(r));
  console.log(`JS on load above the landing page's: ${heavierThanLanding(rows).join("; ") || "none"}`);
  await weighSegments(base);
}
