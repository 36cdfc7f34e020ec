/**
 * The report on a phone and a desk (issue 36 item 5, decision 094): at 320, 390, 768 and 1280 px,
 * no horizontal page scroll (a table scrolls in its own box), no text under 12 px, axe clean; with
 * spend, two-level rows and long hostile names. One page load per width, in one page for the file
 * (the report stores nothing in the browser; decision 119). Screenshots when
 * REPORT_SHOTS names a folder (for a designer's reading; never compared).
 */
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { join } from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../src/server/app";
import { loadConfig } from "../../src/server/config";
import type { Ledger } from "../../src/server/ledger/types";
import { openTestStore, sampleLead } from "../http/store-fixture";
import { axeViolations } from "./axe";
import { launch } from "./helpers";

const PASSWORD = "correct-horse-battery-staple";
const LONG = `Campanha de inverno — implantes e clareamento em São Paulo <b>&</b> região metropolitana`;
const now = new Date("2026-11-26T12:00:00Z");

describe("the report from 320 to 1280 px", { timeout: 60_000 }, () => {
  let store: Ledger;
  let server: Server;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let url = "";

  beforeAll(async () => {
    store = await openTestStore("sqlite", { timeoutMs: 5_000 });
    for (let i = 0; i < 24; i++) {
      const code = await store.createLead(
        sampleLead({
          segment: i % 3 ? "odontology" : "vehicles",
          utm: {
            source: i % 2 ? "google" : "meta",
            medium: "cpc",
            campaign: i % 4 ? LONG : "21870001",
            term: null,
            content: `anúncio-${i % 5}`,
          },
        }),
        new Date(now.getTime() - (i % 14) * 86_400_000 - 3_600_000),
      );
      if (i % 3 === 0) await store.recordEvent(code, { type: "won", value: 1500 + i, currency: "BRL", at: now });
      else if (i % 2 === 0) await store.recordEvent(code, { type: "qualified", value: null, currency: null, at: now });
    }
    await store.spend.import(
      "google",
      Array.from({ length: 14 }, (_, d) => ({
        day: `2026-11-${String(12 + d).padStart(2, "0")}`,
        campaignId: "21870001",
        campaignName: "Odonto SP — implantes",
        groupId: "15530001",
        groupName: "Implante SP",
        adId: null,
        adName: null,
        currency: "BRL",
        cost: 120 + d * 7.5,
      })),
    );
    const app = createApp({ config: loadConfig({ LEADS_REPORT_PASSWORD: PASSWORD }), store, now: () => now });
    server = await new Promise((resolve) => {
      const s = app.listen(0, "127.0.0.1", () => resolve(s));
    });
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    browser = await launch();
    context = await browser.newContext({ httpCredentials: { username: "marketing", password: PASSWORD } });
    page = await context.newPage();
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
    await store?.close();
  });

  const PAIR = "from=2026-11-12&to=2026-11-26&by=campaign,content";
  // A day paired with the campaign over more than 31 days: the page cut to them, its note above the
  // table (decision 129), at the narrowest width.
  const CUT = "from=2026-10-01&to=2026-11-26&by=campaign,day";
  it.each([
    [320, PAIR],
    [390, PAIR],
    [768, PAIR],
    [1280, PAIR],
    [320, CUT],
  ])("%i px, %s: no sideways page scroll, text ≥ 12 px, axe clean", async (width, query) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${url}/leads?${query}`);
    await page.waitForLoadState("load");
    const layout = await page.evaluate(() => {
      const small: string[] = [];
      const wide: string[] = [];
      for (const el of document.body.querySelectorAll("*")) {
        const r = el.getBoundingClientRect();
        // Only a box that scrolls may hold what is wider than the window (below 1024 px the
        // breakdown's box does not scroll: its rows are cards and must fit).
        const box = el.closest(".scroll");
        const scrolls = box !== null && getComputedStyle(box).overflowX !== "visible";
        if (r.right > window.innerWidth + 0.5 && !scrolls)
          wide.push(`${el.tagName.toLowerCase()}.${el.getAttribute("class") ?? ""} ${r.right.toFixed(0)}`);
        const own = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent!.trim() !== "");
        if (!own) continue;
        const size = parseFloat(getComputedStyle(el).fontSize);
        if (size < 12) small.push(`${el.tagName.toLowerCase()} ${size}px`);
      }
      return { scroll: document.documentElement.scrollWidth, inner: window.innerWidth, small, wide };
    });
    expect(layout.wide).toEqual([]);
    expect(layout.scroll).toBeLessThanOrEqual(layout.inner);
    expect(layout.small).toEqual([]);
    expect(await page.getByRole("img").count()).toBe(2);
    // The cut page's note and its links are on the page whose layout was just read.
    expect(await page.getByRole("note").getByRole("link").count()).toBe(query === CUT ? 3 : 0);
    if (process.env.REPORT_SHOTS)
      await page.screenshot({
        path: join(process.env.REPORT_SHOTS, `report-${width}${query === CUT ? "-cut" : ""}.png`),
        fullPage: true,
      });
    expect(await axeViolations(page)).toEqual([]);
  });
});
