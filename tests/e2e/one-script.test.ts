/*
 * What a page's start-up costs in requests (decisions 027 and 029): the landing page loads exactly
 * one script, the client entry, which imports nothing; island code (and React) comes only with the
 * first interaction (island-loading.test.ts). The legal, 404 and error pages load no script at all.
 */
import type { Page, Request } from "playwright-core";
import { describe, expect, it } from "vitest";
import { EVERY_PAGE, LANDING_PAGES as LANDING } from "../fixtures";
import { MOBILE, ready, useSiteAndBrowser } from "./helpers";
import { useSharedPage } from "./shared-page";

const env = useSiteAndBrowser();
// Every test here only reads: one page for the file, each test a first visit (decision 119). The
// browser's cache is the page's: a script it serves from there is still a request the page makes.
const { visit } = useSharedPage(env);
/** The scripts the current test's document requested, in order (reset by openRecording). */
let scripts: string[] = [];
const record = (r: Request) => {
  if (r.resourceType() === "script") scripts.push(new URL(r.url()).pathname);
};

/** Opens `path`, recording the path of every script the page requests, in order. */
async function openRecording(path: string) {
  scripts = [];
  const opened = await visit(path, {
    viewport: MOBILE,
    before: (page) => {
      page.off("request", record);
      page.on("request", record);
    },
  });
  // On a landing page, the positive signal that the entry has run and the page has had a rendering
  // update since (its first layout pass comes from one); then an idle main thread.
  if (LANDING.includes(path)) await opened.page.waitForSelector("html[data-layout-passes]", { state: "attached" });
  await ready(opened.page);
  const entry = opened.page.locator('script[type="module"]');
  const main = (await entry.count()) ? await entry.getAttribute("src") : null;
  return { ...opened, scripts, main };
}

/** What a visitor does on a page, staying on it: points at the header, taps the title, tabs, scrolls to the end. */
async function interact(page: Page) {
  await page.getByRole("banner").getByRole("link").first().hover();
  await page.getByRole("heading", { level: 1 }).click();
  for (let i = 0; i < 4; i++) await page.keyboard.press("Tab");
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestIdleCallback(resolve))));
}

describe("scripts on load", () => {
  it.each(LANDING)("%s loads exactly one script, the content-hashed entry", async (path) => {
    const { main } = await openRecording(path);
    expect(main).toMatch(/^\/assets\/main-\w+\.js$/);
    expect(scripts).toEqual([main]);
  });

  it.each(EVERY_PAGE.filter((p) => !LANDING.includes(p)))(
    "%s loads no script, whatever the visitor does, and nothing runs on it",
    async (path) => {
      const { page, main } = await openRecording(path);
      expect(main).toBeNull();
      expect(await page.locator("[data-island]").count()).toBe(0);
      await interact(page);
      expect(page.url()).toBe(env.url + path);
      expect(scripts).toEqual([]);
      // Nothing of the client entry ran: no layout measurement, no section hidden for a reveal.
      expect(await page.locator("html[data-layout-passes]").count()).toBe(0);
      expect(await page.locator(".reveal-pending").count()).toBe(0);
    },
  );
});
