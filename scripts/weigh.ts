/**
 * `npx tsx scripts/weigh.ts [baseUrl]` (also run by `npm run audit`): what each page costs a
 * visitor, measured in Chromium with `Accept-Encoding: br`: the first response (headers + brotli
 * body) against the 14,600-byte first round trip, and every script it downloads, transferred bytes.
 */
import { chromium } from "playwright-core";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../tests/e2e/browser";

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

if (import.meta.url === `file://${process.argv[1]}`) {
  const base = process.argv[2] ?? "http://localhost:3000";
  const rows = await weigh(base, ["/", "/en", "/es", "/privacy", "/terms", "/missing"]);
  for (const r of rows) console.log(describe(r));
}
