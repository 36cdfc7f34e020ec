/**
 * The consent version follows the conversion recipients (decision 079), in Chromium on the built
 * site with the Meta Pixel and Meta's Conversions API configured: a choice stored when only the
 * Pixel was configured (version "meta") is asked again; accepting stores the new version, which
 * holds on the next page. Third parties get an empty 204: nothing leaves the machine.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { CONSENT_KEY } from "../../src/shared/measurement";
import { copy } from "../copy";
import { ALL_CONVERSIONS_ENV } from "../fixtures";
import { newPage, ready, useSiteAndBrowser } from "./helpers";

const { META_PIXEL_ID, META_CAPI_TOKEN } = ALL_CONVERSIONS_ENV;
const env = useSiteAndBrowser({ META_PIXEL_ID, META_CAPI_TOKEN });

const banner = (page: Page) => page.getByRole("region", { name: copy("pt", "consent.label") });
const stored = (page: Page) => page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? "null"), CONSENT_KEY);

describe("a choice given before Meta's Conversions API was configured", () => {
  it("is asked again; the new choice names the recipients and holds", async () => {
    const { context, page, problems } = await newPage(env.browser);
    await context.route(/^https:\/\//, (route) => route.fulfill({ status: 204 }));
    // The visitor accepted advertising when only the Pixel was configured: that choice is in storage
    // before the page's first script runs (set once: the choice made below replaces it).
    const before = { categories: ["advertising"], time: new Date().toISOString(), version: "meta" };
    await context.addInitScript(
      ([key, value]) => localStorage.getItem(key) ?? localStorage.setItem(key, value),
      [CONSENT_KEY, JSON.stringify(before)],
    );
    await page.goto(`${env.url}/`);
    await banner(page).waitFor({ state: "visible" });
    expect(await page.getByText(copy("pt", "consent.tool.conversions", { to: "meta" }), { exact: false }).count()).toBe(
      1,
    );

    // Accepting loads the Pixel (stood in): the reload waits for it, or it would abort the request.
    const pixel = page.waitForEvent("requestfinished", (r) => r.url().includes("connect.facebook.net/"));
    await page.getByRole("button", { name: copy("pt", "consent.accept") }).click();
    expect(await stored(page)).toMatchObject({ categories: ["advertising"], version: "meta+meta-capi" });
    await pixel;
    await page.reload();
    await ready(page);
    expect(await banner(page).isVisible()).toBe(false);
    expect(problems.filter((p) => !p.includes("HTTP 204"))).toEqual([]);
    await context.close();
  });
});
