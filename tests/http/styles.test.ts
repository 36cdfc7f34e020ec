/**
 * Each page inlines only the CSS it uses (decision 037): the partials its kind of page lists in
 * views/styles.ts, and no class of its markup left without the rules a partial has for it.
 */
import { readdirSync, readFileSync } from "node:fs";
import request from "supertest";
import { describe, expect, it } from "vitest";
import { STYLES_DIR } from "../../views/styles";
import { LANDING_PAGES, LEGAL_PAGES, MISSING_PAGES } from "../fixtures";
import { parsePage } from "./dom";
import { makeApp } from "./helpers";

const app = makeApp();
const LANDING = LANDING_PAGES;
const OTHERS = [...LEGAL_PAGES, ...MISSING_PAGES, "/%E0%A4%A"];

const classesIn = (text: string, pattern: RegExp) => new Set([...text.matchAll(pattern)].map((m) => m[1]));
/** Every class some partial has a rule for. */
const styled = new Set(
  readdirSync(STYLES_DIR).flatMap((f) => [
    ...classesIn(readFileSync(`${STYLES_DIR}/${f}`, "utf8").replace(/\/\*[\s\S]*?\*\//g, ""), /\.([a-z][\w-]*)/g),
  ]),
);

async function page(path: string) {
  const res = await request(app).get(path);
  const css = res.text.match(/<style>([\s\S]*?)<\/style>/)![1];
  // The classes are this test's subject: every class any element of the parsed page carries.
  const elements = parsePage(res.text).document.querySelectorAll("[class]");
  const used = new Set([...elements].flatMap((element) => [...element.classList]));
  return { css, used, cssClasses: classesIn(css, /\.([a-z][\w-]*)/g) };
}

describe("the CSS each page inlines", () => {
  it.each([...LANDING, ...OTHERS])("%s has the rules for every class its markup uses", async (path) => {
    const { used, cssClasses } = await page(path);
    const missing = [...used].filter((c) => styled.has(c) && !cssClasses.has(c));
    expect(missing).toEqual([]);
  });

  it.each(OTHERS)("%s carries none of the landing page's sections", async (path) => {
    const { cssClasses } = await page(path);
    for (const landingOnly of ["hero", "phone", "feature-grid", "industry-grid", "plan-grid", "calculator", "faq-item"])
      expect(cssClasses.has(landingOnly), landingOnly).toBe(false);
    for (const menus of ["nav-desktop", "lang-menu", "mobile-menu", "footer-grid"])
      expect(cssClasses.has(menus), menus).toBe(false);
  });

  it("is, on the legal, 404 and error pages, at most 60% of the landing page's", async () => {
    const landing = (await page("/")).css.length;
    for (const path of OTHERS) expect((await page(path)).css.length, path).toBeLessThanOrEqual(0.6 * landing);
  });
});
