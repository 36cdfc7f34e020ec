/*
 * The reveal (client/reveal.ts): sections below the fold fade in once when scrolled to; with
 * reduced motion they simply appear. Without JavaScript nothing is hidden (island-loading.test.ts).
 */
import { describe, expect, it } from "vitest";
import { copy } from "../copy";
import { hydrated, useSiteAndBrowser } from "./helpers";
import { useSharedPage } from "./shared-page";

const env = useSiteAndBrowser();
// The reveal stores nothing: one page for the file, each test a first visit (decision 119).
const { visit } = useSharedPage(env);

describe("reveal", () => {
  it("hides only sections below the fold, fades each in once when scrolled to, then stops observing", async () => {
    const { page } = await visit("/");
    await hydrated(page);
    const hero = page.getByRole("region", { name: copy("pt", "hero.title") });
    const faq = page.getByRole("region", { name: copy("pt", "faq.title") });
    expect(await hero.evaluate((e) => getComputedStyle(e).opacity)).toBe("1");
    // Hidden once the page's first frame has told which sections are below the fold.
    await page.waitForSelector("#faq.reveal-pending", { state: "attached" });
    await faq.scrollIntoViewIfNeeded();
    await page.waitForSelector("#faq[data-revealed]");
    expect(await faq.getAttribute("class")).not.toContain("reveal-pending");
    // Back to the top (the page may scroll smoothly). What must not happen is #faq hiding again as
    // it leaves the viewport. The positive signal that the page has had its chance: an
    // IntersectionObserver of the test's own reports #faq out of view. The page's observer, created
    // before it, would be told in the same rendering update and first, so the class is final then.
    await page.evaluate(() => {
      const io = new IntersectionObserver((entries) => {
        if (entries.some((e) => !e.isIntersecting)) document.body.dataset.faqLeftView = "";
      });
      io.observe(document.querySelector("#faq")!);
      window.scrollTo(0, 0);
    });
    await page.waitForSelector("body[data-faq-left-view]", { state: "attached" });
    expect(await faq.getAttribute("class")).not.toContain("reveal-pending");
  });

  it("with prefers-reduced-motion: reduce, sections simply appear", async () => {
    const { page } = await visit("/", { reducedMotion: "reduce" });
    await hydrated(page);
    expect(await page.locator(".reveal-pending").count()).toBe(0);
    const faq = page.getByRole("region", { name: copy("pt", "faq.title") });
    expect(await faq.evaluate((e) => getComputedStyle(e).opacity)).toBe("1");
  });
});
