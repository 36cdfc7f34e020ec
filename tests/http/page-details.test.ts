/*
 * What the look-and-feel pass (issue 12) added to what a visitor reads: each plan after the first
 * says which plan it builds on, the credits note leads with what credits mean in messages, and the
 * 404 page offers the landing page's main sections in its own language.
 */
import request from "supertest";
import { describe, expect, it } from "vitest";
import { CREDITS_PER_MESSAGE, PLANS } from "../../src/shared/plans";
import { copy, type CopyLang } from "../copy";
import { decode, makeApp, textOf } from "./helpers";

const app = makeApp();
const LANDING: Record<CopyLang, string> = { pt: "/", en: "/en", es: "/es" };

describe.each(["pt", "en", "es"] as const)("details (%s)", (lang) => {
  it("every plan card after the first starts its list with the plan it builds on", async () => {
    const res = await request(app).get(LANDING[lang]).expect(200);
    const cards = res.text.split('<li class="plan plan-').slice(1);
    expect(cards).toHaveLength(PLANS.length);
    cards.forEach((card, i) => {
      const inherits = card.match(/<p class="plan-inherits">([^<]*)<\/p>/)?.[1];
      if (i === 0) expect(inherits).toBeUndefined();
      else expect(decode(inherits!)).toBe(copy(lang, "plans.everything", { plan: PLANS[i - 1].name }));
    });
  });

  it("the credits note leads with what the first paid plan's credits mean in messages", async () => {
    const res = await request(app).get(LANDING[lang]).expect(200);
    const markup = res.text.match(/<p class="pricing-note">[\s\S]*?<\/p>/)![0];
    const note = textOf(markup).trim();
    const starter = PLANS.find((p) => p.priceBrl && p.credits)!;
    const example = copy(lang, "pricing.creditsExample", {
      credits: starter.credits,
      plan: starter.name,
      messages: Math.floor(starter.credits! / CREDITS_PER_MESSAGE),
    });
    expect(decode(markup.match(/<strong>([^<]*)<\/strong>/)![1])).toBe(example);
    expect(note).toBe(`${example} ${copy(lang, "pricing.creditsNote", { credits: CREDITS_PER_MESSAGE })}`);
  });

  it("the 404 page links to the landing page's features, plans and FAQ in its language", async () => {
    const res = await request(app)
      .get(`${lang === "pt" ? "" : `/${lang}`}/nowhere`)
      .expect(404);
    const links = [...res.text.matchAll(/<ul class="message-links">([\s\S]*?)<\/ul>/g)][0][1];
    const found = [...links.matchAll(/<a href="([^"]+)">([^<]*)<\/a>/g)].map(([, href, text]) => [href, decode(text)]);
    const base = lang === "pt" ? "/" : `/${lang}`;
    expect(found).toEqual(
      (["features", "pricing", "faq"] as const).map((key) => [`${base}#${key}`, copy(lang, `header.nav.${key}`)]),
    );
  });
});
