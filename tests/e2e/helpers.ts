import type { AddressInfo } from "node:net";
import { appendFileSync, existsSync } from "node:fs";
import type { IncomingMessage, Server } from "node:http";
import { join } from "node:path";
import { chromium, type Browser, type BrowserContextOptions, type Page } from "playwright-core";
import { afterAll, beforeAll, expect, inject } from "vitest";
import { createApp } from "../../src/server/app";
import { loadConfig } from "../../src/server/config";
import { SITES_LOG } from "../../scripts/lib";

/** The site on a free loopback port, as the browser tests load it. */
export async function startSite(
  env: Record<string, string> = {},
): Promise<{ url: string; documents: () => number; close: () => Promise<void> }> {
  const app = createApp({ config: loadConfig(env) });
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
  let documents = 0;
  server.on("request", (req: IncomingMessage) => {
    if (req.headers["sec-fetch-dest"] === "document") documents++;
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    documents: () => documents,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Adds a browser file's document count to the run's (tests/global-processes.ts prints the sum). */
function logDocuments(documents: number): void {
  const dir = process.env.XIA_TEST_PROCESSES;
  if (dir && existsSync(dir)) appendFileSync(join(dir, SITES_LOG), `${documents}\n`);
}

/** A connection to the run's one Chromium (global-setup.ts); closing it leaves the browser running. */
export function launch(): Promise<Browser> {
  return chromium.connect(inject("chromiumEndpoint"));
}

export const DESKTOP = { width: 1280, height: 800 };
export const MOBILE = { width: 390, height: 844 };

/** Console errors, page errors and failed or 4xx/5xx requests seen by a page. */
export function watch(page: Page) {
  const problems: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error" || m.type() === "warning") problems.push(`console ${m.type()}: ${m.text()}`);
  });
  page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
  page.on("requestfailed", (r) => problems.push(`request failed: ${r.url()} ${r.failure()?.errorText}`));
  page.on("response", (r) => {
    if (r.status() >= 400) problems.push(`HTTP ${r.status()}: ${r.url()}`);
  });
  return problems;
}

export async function newPage(browser: Browser, options: BrowserContextOptions = {}) {
  const context = await browser.newContext({ viewport: DESKTOP, ...options });
  const page = await context.newPage();
  return { context, page, problems: watch(page) };
}

/** What a browser file's tests reach: its site's origin and a connection to the run's Chromium. */
export interface SiteAndBrowser {
  url: string;
  browser: Browser;
}

/**
 * The worker's site with the default configuration and its connection to Chromium (decision 137):
 * started by the first file that asks, kept for the worker's next files, ended with the worker.
 */
let workerSite: Promise<{ site: Awaited<ReturnType<typeof startSite>>; browser: Browser }> | undefined;
const workerEnvs = new WeakSet<SiteAndBrowser>();

/** Whether `env` is the worker's default site (its pages may outlive a file: shared-page.ts). */
export function isWorkerSite(env: SiteAndBrowser): boolean {
  return workerEnvs.has(env);
}

/**
 * A site and a connection to the run's Chromium for a test file. Read `env.url` and `env.browser`
 * inside tests (they exist once beforeAll has run). With the default configuration (no `siteEnv`),
 * the worker's one site and connection, shared by its files (decision 137); with settings of its
 * own, a site and a connection for the file, started before its tests and closed after.
 */
export function useSiteAndBrowser(siteEnv: Record<string, string> = {}): SiteAndBrowser {
  const env = {} as SiteAndBrowser;
  const shared = Object.keys(siteEnv).length === 0;
  let site: Awaited<ReturnType<typeof startSite>> | undefined;
  let documentsBefore = 0;
  beforeAll(async () => {
    if (shared) {
      const started = await (workerSite ??= Promise.all([startSite(), launch()]).then(([site, browser]) => ({
        site,
        browser,
      })));
      site = started.site;
      env.browser = started.browser;
      workerEnvs.add(env);
    } else [site, env.browser] = await Promise.all([startSite(siteEnv), launch()]);
    env.url = site.url;
    documentsBefore = site.documents();
  });
  afterAll(async () => {
    if (site) logDocuments(site.documents() - documentsBefore);
    if (shared) return;
    await env.browser?.close();
    await site?.close();
  });
  return env;
}

/**
 * The page has loaded and settled (instead of waiting for 500 ms without network traffic): the load
 * event, then on a page with the client entry its first layout pass (the positive signal that it
 * ran), then a rendering update and an idle main thread.
 */
export async function ready(page: Page): Promise<void> {
  await page.waitForLoadState("load");
  if (await page.locator('script[type="module"]').count())
    await page.waitForSelector("html[data-layout-passes]", { state: "attached" });
  // A frame, then an idle moment (at most 1 s after that frame, as in resize()).
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestIdleCallback(resolve, { timeout: 1000 }))),
  );
}

/** A resize the page has taken in: the client entry's layout pass after it where the page has one, then a frame. */
export async function resize(page: Page, viewport: { width: number; height: number }): Promise<void> {
  const passes = () => page.evaluate(() => document.documentElement.dataset.layoutPasses);
  const before = await passes();
  await page.setViewportSize(viewport);
  if (before !== undefined) await expect.poll(passes).toBe(String(Number(before) + 1));
  // The frame after the resize, then an idle moment (at most 1 s after that frame: an idle callback
  // without a timeout can wait indefinitely on a loaded machine, which once hung a CI run for 60 s).
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestIdleCallback(resolve, { timeout: 1000 }))),
  );
}

/** Hydrates the islands the way a visitor does (the pointer reaches the header) and waits for it. */
export async function hydrated(page: Page): Promise<void> {
  await page.getByRole("banner").hover();
  await page.waitForSelector('[data-island="header"][data-hydrated]', { state: "attached" });
  await page.waitForSelector('[data-island="calculator"][data-hydrated]', { state: "attached" });
}

/**
 * A new page (own context) at `path` on the test file's site, hydrated as after a visitor's first
 * pointer unless JavaScript is off. Close `context` when done.
 */
export async function open(
  env: SiteAndBrowser,
  path: string,
  options: BrowserContextOptions = {},
): Promise<Awaited<ReturnType<typeof newPage>>> {
  const opened = await newPage(env.browser, options);
  await opened.page.goto(env.url + path);
  if (options.javaScriptEnabled !== false) await hydrated(opened.page);
  return opened;
}

/** `useSiteAndBrowser()` with `open(path, options)` bound to the file's site. */
export function useSite(siteEnv: Record<string, string> = {}) {
  const env = useSiteAndBrowser(siteEnv);
  return { env, open: (path: string, options: BrowserContextOptions = {}) => open(env, path, options) };
}
