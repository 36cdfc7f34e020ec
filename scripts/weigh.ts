/**
 * `npx tsx scripts/weigh.ts [baseUrl]` (also run by `npm run audit`): what each page costs a
 * visitor, measured in Chromium with `Accept-Encoding: br`: the first response (headers + brotli
 * body) against the 14,600-byte first round trip, and every script it downloads, transferred bytes.
 */
import { chromium } from "playwright-core";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../tests/e2e/browser";

export interface Weight { path: string; htmlRaw: number; firstResponse: number; scripts: Array<{ url: string; bytes: number }> }

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
    await page.waitForTimeout(2000); // idle hydration loads the islands
    const scripts = [...urls].filter(([, r]) => r.type === "Script").map(([id, r]) => ({ url: new URL(r.url).pathname, bytes: sizes.get(id) ?? 0 }));
    const doc = [...urls].find(([, r]) => r.type === "Document")!;
    const raw = await (await fetch(base + path, { headers: { "accept-encoding": "identity" } })).arrayBuffer();
    // encodedDataLength of the document: its response headers plus the brotli body, as received.
    out.push({ path, htmlRaw: raw.byteLength, firstResponse: sizes.get(doc[0]) ?? 0, scripts });
    await context.close();
  }
  await browser.close();
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const base = process.argv[2] ?? "http://localhost:3000";
  const rows = await weigh(base, ["/", "/?lang=en", "/?lang=es", "/privacy", "/terms", "/missing"]);
  for (const r of rows) {
    const js = r.scripts.reduce((a, s) => a + s.bytes, 0);
    console.log(`${r.path.padEnd(12)} html ${r.htmlRaw} B raw, first response ${r.firstResponse} B on the wire (limit 14600); scripts ${js} B: ${r.scripts.map((s) => `${s.url} ${s.bytes}`).join(", ") || "none"}`);
  }
}
