/**
 * What one of our pages makes Chromium do, in CPU-seconds per journey, against the same journey with
 * parts of the page taken away: which part of a browser test's page load is ours (docs/testing.md,
 * "Where the time goes"). Every process is counted through a cgroup of its own (cgroup v1
 * `cpuacct`, as root), as scripts/chromium-cost.ts; the renderer's main thread is split from
 * Chromium's own counters (`Performance.getMetrics`: task, script, style, layout).
 *
 *   npx tsx build.ts && npx tsx scripts/page-cost.ts [path] [journeys per round] [rounds]
 *
 * A journey is what the tests do most: a fresh context at 1280×800, the page loaded and settled as
 * tests/e2e/helpers.ts's ready() waits, the header hovered until its island hydrates (where there is
 * JavaScript), the viewport resized to 390×844 and settled. Each variant serves the page through a
 * route that rewrites it, without its Content-Security-Policy (a changed inline style would be
 * blocked by its hash); the variants alternate in each round, so a loaded machine weighs on each alike.
 */
import type { AddressInfo } from "node:net";
import { chromium, type Page } from "playwright-core";
import { createApp } from "../src/server/app";
import { loadConfig } from "../src/server/config";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../tests/e2e/browser";
import { joinCpuGroup } from "./cpu-group";

const [path = "/", perRound = "4", rounds = "3"] = process.argv.slice(2);
const { usage, leave } = joinCpuGroup("page-cost");

const noScripts = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, "")
    .replace(/<link[^>]*modulepreload[^>]*>/g, "")
    .replace("<html", "<html data-layout-passes=1");
interface Variant {
  name: string;
  rewrite: (html: string) => string;
  /** Hover the header and wait for its island (the page has its JavaScript). */
  hydrate: boolean;
  reducedMotion?: "reduce";
}
const variants: Variant[] = [
  { name: "the page", rewrite: (html) => html, hydrate: true },
  {
    name: "no backdrop-filter",
    rewrite: (html) => html.replace(/(-webkit-)?backdrop-filter:saturate\(1\.4\) blur\(10px\);?/g, ""),
    hydrate: true,
  },
  { name: "reduced motion (no reveal)", rewrite: (html) => html, hydrate: true, reducedMotion: "reduce" },
  { name: "not hovered (no hydration)", rewrite: (html) => html, hydrate: false },
  { name: "no JavaScript", rewrite: noScripts, hydrate: false },
  {
    name: "no JavaScript, no CSS",
    rewrite: (html) => noScripts(html).replace(/<style[\s\S]*?<\/style>/g, ""),
    hydrate: false,
  },
  { name: "an empty page", rewrite: () => "<!doctype html><html data-layout-passes=1><p>x</p></html>", hydrate: false },
];

const app = createApp({ config: loadConfig({}) });
const server = app.listen(0, "127.0.0.1");
await new Promise((resolve) => server.once("listening", resolve));
const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`;
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const cpu = new Map<string, number[]>();
const thread = new Map<string, Record<string, number>>();
try {
  for (let round = 0; round < Number(rounds); round++)
    for (const variant of variants) {
      const before = usage();
      for (let i = 0; i < Number(perRound); i++) await journey(variant);
      cpu.set(variant.name, [...(cpu.get(variant.name) ?? []), (usage() - before) / Number(perRound)]);
    }
  console.log(`${url}, ${perRound} journeys × ${rounds} rounds; CPU-s a journey per round; main thread, s a journey`);
  const journeys = Number(perRound) * Number(rounds);
  for (const { name } of variants) {
    const t = thread.get(name) ?? {};
    const of = (key: string) => ((t[`${key}Duration`] ?? 0) / journeys).toFixed(3);
    const rounds = (cpu.get(name) ?? []).map((x) => x.toFixed(2)).join(" ");
    console.log(
      `${name.padEnd(28)} ${rounds}  (task ${of("Task")}, script ${of("Script")}, style ${of("RecalcStyle")}, layout ${of("Layout")})`,
    );
  }
} finally {
  await browser.close();
  server.close();
  leave();
}

async function journey(variant: Variant) {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    reducedMotion: variant.reducedMotion,
  });
  const page = await context.newPage();
  await page.route(url, async (route) => {
    const response = await route.fetch();
    const headers = { ...response.headers() };
    for (const name of ["content-security-policy", "content-encoding", "content-length"]) delete headers[name];
    await route.fulfill({ status: response.status(), headers, body: variant.rewrite(await response.text()) });
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send("Performance.enable");
  await page.goto(url);
  await page.waitForSelector("html[data-layout-passes]", { state: "attached" });
  await settle(page);
  if (variant.hydrate) {
    await page.getByRole("banner").hover();
    await page.waitForSelector('[data-island="header"][data-hydrated]', { state: "attached" });
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await settle(page);
  const sums = thread.get(variant.name) ?? {};
  for (const { name, value } of (await cdp.send("Performance.getMetrics")).metrics)
    if (name.endsWith("Duration")) sums[name] = (sums[name] ?? 0) + value;
  thread.set(variant.name, sums);
  await context.close();
}

/** A frame, then an idle moment (at most 1 s after it), as the tests' ready() and resize(). */
async function settle(page: Page) {
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestIdleCallback(resolve, { timeout: 1000 }))),
  );
}
