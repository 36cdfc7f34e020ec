import request from "supertest";
import { describe, expect, it } from "vitest";
import { makeApp, textOf } from "./helpers";

const app = makeApp();

describe("plan calculator without JavaScript (GET form)", () => {
  it("is a GET form to /#pricing with the placeholders 500 and 5", async () => {
    const res = await request(app).get("/");
    const form = res.text.match(/<form class="calc-form"[^>]*>/)![0];
    expect(form).toContain('action="/#pricing"');
    expect(form).toContain('method="get"');
    const leads = res.text.match(/<input id="calc-leads"[^>]*>/)![0];
    expect(leads).toContain('name="leads"');
    expect(leads).toContain('placeholder="500"');
    const interactions = res.text.match(/<input id="calc-interactions"[^>]*>/)![0];
    expect(interactions).toContain('name="interactions"');
    expect(interactions).toContain('placeholder="5"');
  });

  it("keeps the language in the form (hidden lang field) on en and es", async () => {
    expect((await request(app).get("/?lang=es")).text).toContain('<input type="hidden" name="lang" value="es"/>');
    expect((await request(app).get("/")).text).not.toContain('name="lang"');
  });

  it("shows the placeholder example before anything is submitted: 500 × 5 → 25.000 credits → Pro", async () => {
    const text = textOf((await request(app).get("/")).text);
    expect(text).toContain(
      "Exemplo com 500 leads e 5 mensagens por lead: Mensagens por mês 2.500 Créditos necessários 25.000 Plano recomendado Pro R$ 497/mês",
    );
  });

  it.each([
    [
      "/?leads=100&interactions=3",
      "Mensagens por mês 300 Créditos necessários 3.000 Plano recomendado Starter R$ 197/mês",
    ],
    ["/?leads=70&interactions=1", "Créditos necessários 700 Plano recomendado Freemium Grátis"],
    ["/?leads=12001&interactions=1", "Créditos necessários 120.010 Plano recomendado Enterprise Sob consulta"],
    [
      "/?lang=en&leads=2000&interactions=6",
      "Messages per month 12,000 Credits needed 120,000 Recommended plan Scale $197.10/month",
    ],
    [
      "/?lang=es&leads=5000&interactions=1",
      "Mensajes por mes 5000 Créditos necesarios 50.000 Plan recomendado Pro R$ 497/mes",
    ],
  ])("%s → %s", async (path, expected) => {
    const res = await request(app).get(path).expect(200);
    expect(textOf(res.text)).toContain(expected);
    expect(res.headers["cache-control"]).toBe("private, no-cache");
  });

  it.each([
    ["/?leads=0&interactions=5", "leads", "Informe um número inteiro de 1 a 1.000.000."],
    ["/?leads=-3&interactions=5", "leads", "Informe um número inteiro de 1 a 1.000.000."],
    ["/?leads=abc&interactions=5", "leads", "Informe um número inteiro de 1 a 1.000.000."],
    ["/?leads=10&interactions=1001", "interactions", "Informe um número inteiro de 1 a 1.000."],
    ["/?lang=en&leads=1e9&interactions=5", "leads", "Enter a whole number from 1 to 1,000,000."],
    ["/?lang=es&leads=5&interactions=2.5", "interactions", "Ingresa un número entero de 1 a 1000."],
    ["/?leads=1&leads=2&interactions=5", "leads", "Informe um número inteiro de 1 a 1.000.000."],
  ])("%s marks %s invalid with its message and recommends nothing", async (path, field, message) => {
    const res = await request(app).get(path).expect(200);
    expect(res.text).toMatch(new RegExp(`<input id="calc-${field}"[^>]*aria-invalid="true"`));
    expect(res.text).toContain(`<p class="field-error" id="calc-${field}-error">${message}</p>`);
    expect(textOf(res.text)).not.toContain("Recomendado");
    expect(res.text).not.toContain('class="calc-figures"');
  });

  it("never echoes invalid input", async () => {
    const res = await request(app).get("/?leads=%3Cimg%20src%3Dx%3E&interactions=%22onfocus%3D").expect(200);
    expect(res.text).not.toMatch(/<img src=x|onfocus=|&lt;img/);
  });
});
