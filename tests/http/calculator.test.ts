import request from "supertest";
import { describe, expect, it } from "vitest";
import { copy, type CopyLang, monthly } from "../copy";
import { type Page, parsePage } from "./dom";
import { makeApp } from "./helpers";

const app = makeApp();

/** The calculator's field labelled in the catalogue (`calculator.leads`, `calculator.interactions`). */
const field = (page: Page, lang: CopyLang, name: "leads" | "interactions") =>
  page.getByRole("textbox", { name: copy(lang, `calculator.${name}`) }) as HTMLInputElement;

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
    const page = parsePage((await request(app).get("/")).text);
    const leads = field(page, "pt", "leads");
    const interactions = field(page, "pt", "interactions");
    expect(leads.form).not.toBeNull();
    expect(interactions.form).toBe(leads.form);
    // Relative to the page (whichever page holds the calculator): the form's query replaces the page's.
    expect(leads.form!.getAttribute("action")).toBe("#pricing");
    expect(leads.form!.getAttribute("method")).toBe("get");
    expect([leads.name, leads.placeholder]).toEqual(["leads", "500"]);
    expect([interactions.name, interactions.placeholder]).toEqual(["interactions", "5"]);
  });

  it("keeps the language in the form's action (its own path), with no lang field", async () => {
    const es = parsePage((await request(app).get("/es")).text);
    const target = new URL(field(es, "es", "leads").form!.getAttribute("action")!, "https://x.test/es?utm_source=ad");
    expect(target.pathname + target.hash).toBe("/es#pricing");
    expect(es.document.querySelector('[name="lang"]')).toBeNull();
    expect(parsePage((await request(app).get("/")).text).document.querySelector('[name="lang"]')).toBeNull();
  });

  it("shows the placeholder example before anything is submitted: 500 × 5 → 25.000 credits → Pro", async () => {
    const { text } = parsePage((await request(app).get("/")).text);
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
    expect(parsePage(res.text).text).toContain(expected);
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
  ] as const)("%s (%s) marks %s invalid with its message and recommends nothing", async (path, lang, name) => {
    const message = copy(lang, name === "leads" ? "calculator.errorLeads" : "calculator.errorInteractions");
    const page = parsePage((await request(app).get(path).expect(200)).text);
    const input = field(page, lang, name);
    expect(input.getAttribute("aria-invalid")).toBe("true");
    // The message is the field's description: what a screen reader reads with it.
    const description = page.document.getElementById(input.getAttribute("aria-describedby")!);
    expect(description?.textContent).toBe(message);
    expect(page.getByText(message)).toBe(description);
    for (const label of ["calculator.messages", "calculator.creditsNeeded", "calculator.recommended"])
      expect(page.text, label).not.toContain(copy(lang, label));
  });

  it("never echoes invalid input", async () => {
    const res = await request(app).get("/?leads=%3Cimg%20src%3Dx%3E&interactions=%22onfocus%3D").expect(200);
    // Bytes: the value appears nowhere, markup or escaped.
    expect(res.text).not.toMatch(/<img src=x|onfocus=|&lt;img/);
  });
});
