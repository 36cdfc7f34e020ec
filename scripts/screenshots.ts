/**
 * `npx tsx scripts/screenshots.ts [baseUrl] [outDir]`: full-page screenshots of every page in every
 * language at 390×844 and 1280×800, for looking at the design (not a test).
 */
import { chromium } from "playwright-core";
import { mkdirSync } from "node:fs";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../tests/e2e/browser";

const base = process.argv[2] ?? "http://localhost:3000";
const out = process.argv[3] ?? "screenshots";
mkdirSync(out, { recursive: true });
const pages = ["/", "/en", "/es", "/privacy", "/terms", "/nope", "/en/nope"];
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
for (const [w, h] of [
  [390, 844],
  [1280, 800],
]) {
  const context = await browser.newContext({ viewport: { width: w, height: h }, reducedMotion: "reduce" });
  const page = await context.newPage();
  for (const path of pages) {
    await page.goto(base + path);
    const name = path.replace(/[^a-z0-9]+/gi, "_").replace(/^_|_$/g, "") || "home";
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    await page.screenshot({ path: `${out}/${name}-${w}.png`, fullPage: true });
    console.log(`${out}/${name}-${w}.png${overflow > 0 ? ` horizontal overflow ${overflow}px` : ""}`);
  }
  await context.close();
}
await browser.close();
