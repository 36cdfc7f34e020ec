import request from "supertest";
import { describe, expect, it } from "vitest";
import { copy, type CopyLang, html, monthly } from "../copy";
import { makeApp, textOf } from "./helpers";

const app = makeApp();

/**
 * The calculator's result as text: each figure after its label from the catalogue, then the
 * recommended plan's name and price. The figures are the behaviour under test and stay literal.
 */
function result(lang: CopyLang, r: { messages?: string; credits: string; plan: string; price: string }): string {
  const messages = r.messages === undefined ? "" : `${copy(lang, "calculator.messages")} ${r.messages} `;
  return `${messages}${copy(lang, "calculator.creditsNeeded")} ${r.credits} ${copy(lang, "calculator.recommended")} ${r.plan} ${r.price}`;
}

describe("plan calculator without JavaScript (GET form)", () => {
  it("is a GET form to the page's own #pricing with the placeholders 500 and 5", async () => {
    const res = await request(app).get("/");
    const form = res.text.match(/<form class="calc-form"[^>]*>/)![0];
    // Relative to the page (whichever page holds the calculator): the form's query replaces the page's.
    expect(form).toContain('action="#pricing"');
    expect(form).toContain('method="get"');
    const leads = res.text.match(/<input id="calc-leads"[^>]*>/)![0];
    expect(leads).toContain('name="leads"');
    expect(leads).toContain('placeholder="500"');
    const interactions = res.text.match(/<input id="calc-interactions"[^>]*>/)![0];
    expect(interactions).toContain('name="interactions"');
    expect(interactions).toContain('placeholder="5"');
  });

  it("keeps the language in the form's action (its own path), with no lang field", async () => {
    const es = (await request(app).get("/es")).text;
    const action = es.match(/<form class="calc-form"[^>]* action="([^"]*)"/)![1];
    const target = new URL(action, "https://x.test/es?utm_source=ad");
    expect(target.pathname + target.hash).toBe("/es#pricing");
    expect(es).not.toContain('name="lang"');
    expect((await request(app).get("/")).text).not.toContain('name="lang"');
  });

  it("shows the placeholder example before anything is submitted: 500 × 5 → 25.000 credits → Pro", async () => {
    const text = textOf((await request(app).get("/")).text);
    expect(text).toContain(
      `${copy("pt", "calculator.example")} ${result("pt", { messages: "2.500", credits: "25.000", plan: "Pro", price: monthly("pt", "R$ 497") })}`,
    );
  });

  it.each([
    [
      "/?leads=100&interactions=3",
      result("pt", { messages: "300", credits: "3.000", plan: "Starter", price: monthly("pt", "R$ 197") }),
    ],
    [
      "/?leads=70&interactions=1",
      result("pt", { credits: "700", plan: "Freemium", price: copy("pt", "plans.price.free") }),
    ],
    [
      "/?leads=12001&interactions=1",
      result("pt", { credits: "120.010", plan: "Enterprise", price: copy("pt", "plans.price.onRequest") }),
    ],
    [
      "/en?leads=2000&interactions=6",
      result("en", { messages: "12,000", credits: "120,000", plan: "Scale", price: monthly("en", "$197.10") }),
    ],
    [
      "/es?leads=5000&interactions=1",
      result("es", { messages: "5000", credits: "50.000", plan: "Pro", price: monthly("es", "R$ 497") }),
    ],
  ])("%s → %s", async (path, expected) => {
    const res = await request(app).get(path).expect(200);
    expect(textOf(res.text)).toContain(expected);
    expect(res.headers["cache-control"]).toBe("private, no-cache");
  });

  it.each([
    ["/?leads=0&interactions=5", "pt", "leads"],
    ["/?leads=-3&interactions=5", "pt", "leads"],
    ["/?leads=abc&interactions=5", "pt", "leads"],
    ["/?leads=10&interactions=1001", "pt", "interactions"],
    ["/en?leads=1e9&interactions=5", "en", "leads"],
    ["/es?leads=5&interactions=2.5", "es", "interactions"],
    ["/?leads=1&leads=2&interactions=5", "pt", "leads"],
  ] as const)("%s (%s) marks %s invalid with its message and recommends nothing", async (path, lang, field) => {
    const message = copy(lang, field === "leads" ? "calculator.errorLeads" : "calculator.errorInteractions");
    const res = await request(app).get(path).expect(200);
    expect(res.text).toMatch(new RegExp(`<input id="calc-${field}"[^>]*aria-invalid="true"`));
    expect(res.text).toContain(`<p class="field-error" id="calc-${field}-error">${html(message)}</p>`);
    expect(textOf(res.text)).not.toContain(copy(lang, "calculator.recommended"));
    expect(res.text).not.toContain('class="calc-figures"');
  });

  it("never echoes invalid input", async () => {
    const res = await request(app).get("/?leads=%3Cimg%20src%3Dx%3E&interactions=%22onfocus%3D").expect(200);
    expect(res.text).not.toMatch(/<img src=x|onfocus=|&lt;img/);
  });
});
