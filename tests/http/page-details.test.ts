/*
 * What the look-and-feel pass (issue 12) added to what a visitor reads: each plan after the first
 * says which plan it builds on, the credits note leads with what credits mean in messages, and the
 * 404 page offers the landing page's main sections in its own language.
 */
import request from "supertest";
import { describe, expect, it } from "vitest";
import { LANGS } from "../../src/shared/languages";
import { CREDITS_PER_MESSAGE, PLANS } from "../../src/shared/plans";
import { copy, type CopyLang } from "../copy";
import { parsePage, queriesIn, textOf } from "./dom";
import { makeApp } from "./helpers";

const app = makeApp();
const LANDING: Record<CopyLang, string> = { pt: "/", en: "/en", es: "/es" };

describe.each(LANGS)("details (%s)", (lang) => {
  it("every plan card after the first starts its list with the plan it builds on", async () => {
    const page = parsePage((await request(app).get(LANDING[lang]).expect(200)).text);
    const cards = [...page.getByRole("list", { name: copy(lang, "plans.listLabel") }).children] as HTMLElement[];
    expect(cards).toHaveLength(PLANS.length);
    const inherits = (plan: string) => copy(lang, "plans.everything", { plan });
    cards.forEach((card, i) => {
      const lines = PLANS.map((p) => queriesIn(card).queryByText(inherits(p.name))).filter((line) => line !== null);
      if (i === 0) expect(lines).toEqual([]);
      else {
        expect(lines.map((line) => line.textContent)).toEqual([inherits(PLANS[i - 1].name)]);
        // It heads the plan's own lines: the list comes right after it.
        expect(lines[0].nextElementSibling?.tagName).toBe("UL");
      }
    });
  });

  it("the credits note leads with what the first paid plan's credits mean in messages", async () => {
    const page = parsePage((await request(app).get(LANDING[lang]).expect(200)).text);
    const starter = PLANS.find((p) => p.priceBrl && p.credits)!;
    const example = copy(lang, "pricing.creditsExample", {
      credits: starter.credits,
      plan: starter.name,
      messages: Math.floor(starter.credits! / CREDITS_PER_MESSAGE),
    });
    // The example is the emphasis the note leads with.
    const lead = page.getByText(example);
    expect(lead.tagName).toBe("STRONG");
    const note = lead.closest("p")!;
    expect(textOf(note).startsWith(example)).toBe(true);
    expect(textOf(note)).toBe(`${example} ${copy(lang, "pricing.creditsNote", { credits: CREDITS_PER_MESSAGE })}`);
  });

  it("the 404 page links to the landing page's features, plans and FAQ in its language", async () => {
    const res = await request(app)
      .get(`${LANDING[lang].replace(/\/$/, "")}/nowhere`)
      .expect(404);
    const list = queriesIn(parsePage(res.text).getByRole("main")).getByRole("list");
    const found = queriesIn(list)
      .getAllByRole("link")
      .map((a) => [a.getAttribute("href"), textOf(a)]);
    expect(found).toEqual(
      (["features", "pricing", "faq"] as const).map((key) => [
        `${LANDING[lang]}#${key}`,
        copy(lang, `header.nav.${key}`),
      ]),
    );
  });
});
