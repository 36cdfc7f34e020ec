/**
 * `npx tsx scripts/screenshots.ts [baseUrl] [outDir] [widths]`: full-page screenshots of every page
 * in every language, for looking at the design (not a test; tests/e2e/overflow.test.ts is the
 * test). Widths default to the range the design is checked at, 320 to 1440 px; pass a comma list
 * (`390,1280`) for fewer. Reports any page wider than the window. `PAGES=/en,/segmentos/moda` for
 * just those paths; `SEGMENTS=all` for every segment page besides (the first segment's by default).
 */
import { chromium } from "playwright-core";
import { mkdirSync } from "node:fs";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../tests/e2e/browser";
import { SEGMENT_PAGES } from "../src/content/segmentPages";
import { EVERY_PAGE } from "../tests/fixtures";

const base = process.argv[2] ?? "http://localhost:3000";
const out = process.argv[3] ?? "screenshots";
const widths = (process.argv[4] ?? "320,360,390,768,1024,1280,1440").split(",").map(Number);
mkdirSync(out, { recursive: true });
// The segment pages: by default the first segment's, in each language; `SEGMENTS=all` for all of them.
const segments = SEGMENT_PAGES.filter((p) => process.env.SEGMENTS === "all" || p.key === SEGMENT_PAGES[0].key);
const pages = [
  ...(process.env.PAGES?.split(",") ?? EVERY_PAGE),
  ...(process.env.PAGES ? [] : segments.map((p) => p.path)),
];
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
for (const w of widths) {
  const context = await browser.newContext({
    viewport: { width: w, height: w < 768 ? 844 : 800 },
    reducedMotion: "reduce",
  });
  const page = await context.newPage();
  for (const path of pages) {
    await page.goto(base + path, { waitUntil: "networkidle" });
    const name = path.replace(/[^a-z0-9]+/gi, "_").replace(/^_|_$/g, "") || "home";
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    await page.screenshot({ path: `${out}/${name}-${w}.png`, fullPage: true });
    console.log(`${out}/${name}-${w}.png${overflow > 0 ? ` horizontal overflow ${overflow}px` : ""}`);
  }
  await context.close();
}
await browser.close();
