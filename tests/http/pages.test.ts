import request from "supertest";
import { describe, expect, it } from "vitest";
import { LEAKED_KEY, makeApp, textOf } from "./helpers";

const app = makeApp();

describe("landing page in each language", () => {
  const cases = [
    {
      path: "/",
      htmlLang: "pt-BR",
      texts: [
        "Sua IA que vende e atende no WhatsApp",
        "Começar grátis",
        "Online",
        "IA avançada",
        "WhatsApp Business",
        "Multiusuário",
        "Grátis",
        "R$ 197/mês",
        "R$ 497/mês",
        "R$ 997/mês",
        "Sob consulta",
        "Mais popular",
        "700 créditos por mês",
        "10.000 créditos por mês",
        "50.000 créditos por mês",
        "120.000 créditos por mês",
        "Mensagens ilimitadas",
        "1 conexão de WhatsApp",
        "2 conexões de WhatsApp",
        "5 conexões de WhatsApp",
        "20 conexões de WhatsApp",
        "Conexões de WhatsApp ilimitadas",
        "Pixel de anúncios (em breve)",
        "5 pixels de anúncios (em breve)",
        "20 pixels de anúncios (em breve)",
        "Pixels de anúncios ilimitados (em breve)",
        "Dashboards estratégicos",
        "SLA garantido",
        "Suporte dedicado",
        "Follow-up e engajamento ilimitados",
        "Envio de arquivos",
        "Banco de dados em memória",
        "E muito mais",
        "Em breve",
        "© 2026 XIA",
        "Perguntas frequentes",
        "Leads por mês",
        "Interações médias por lead",
        "não é um CRM",
        "10 créditos",
        "vídeos explicativos",
        "contato@example.com",
        "cancelar quando quiser",
        "WhatsApp Business ou do WhatsApp pessoal",
        "cada uma com a sua própria IA",
      ],
    },
    {
      path: "/?lang=en",
      htmlLang: "en",
      texts: [
        "Your AI that sells and serves customers on WhatsApp",
        "Start for free",
        "Advanced AI",
        "Multi-user",
        "Free",
        "$39.40/month",
        "$96.90/month",
        "$197.10/month",
        "On request",
        "Most popular",
        "10,000 credits per month",
        "120,000 credits per month",
        "And many more",
        "Coming soon",
        "© 2026 XIA",
        "Leads per month",
        "Average interactions per lead",
        "not a CRM",
      ],
    },
    {
      path: "/?lang=es",
      htmlLang: "es",
      texts: [
        "Tu IA que vende y atiende en WhatsApp",
        "Empezar gratis",
        "En línea",
        "Gratis",
        "R$ 197/mes",
        "R$ 497/mes",
        "R$ 997/mes",
        "A consultar",
        "Más popular",
        "10.000 créditos por mes",
        "Y mucho más",
        "Próximamente",
        "© 2026 XIA",
        "Leads por mes",
        "Interacciones promedio por lead",
        "no es un CRM",
      ],
    },
  ];

  it.each(cases)("$path is complete in its language", async ({ path, htmlLang, texts }) => {
    const res = await request(app).get(path).expect(200);
    expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(res.headers["content-language"]).toBe(htmlLang);
    expect(res.text).toContain(`<html lang="${htmlLang}">`);
    const text = textOf(res.text);
    for (const t of texts) expect(text, t).toContain(t);
    expect(text).not.toMatch(LEAKED_KEY);
  });

  it("has the 18 features, pixel tracking and mass broadcast marked coming soon, and the 18 industries", async () => {
    const res = await request(app).get("/?lang=en");
    expect(res.text.match(/<li class="feature">/g)).toHaveLength(18);
    expect(res.text).toMatch(/Ad pixel tracking<span class="tag">Coming soon<\/span>/);
    expect(res.text).toMatch(/Mass broadcast<span class="tag">Coming soon<\/span>/);
    expect(res.text.match(/<span class="tag">/g)).toHaveLength(2);
    const industries = res.text.match(/<ul class="industry-grid">([\s\S]*?)<\/ul>/)![1];
    expect(industries.match(/<li>/g)).toHaveLength(18);
  });

  it("has the header: logo to the top, four anchors, Sign In and Sign Up to APP_URL, real language links", async () => {
    const res = await request(makeApp({ APP_URL: "https://app.xia.test" })).get("/");
    expect(res.text).toMatch(/<a class="logo" href="#top"/);
    for (const id of ["features", "industries", "pricing", "faq"]) expect(res.text).toContain(`href="#${id}"`);
    expect(res.text).toMatch(/href="https:\/\/app\.xia\.test\/">Entrar</);
    expect(res.text).toMatch(/href="https:\/\/app\.xia\.test\/">Criar conta</);
    for (const [href, name] of [
      ["/", "Português"],
      ["/?lang=en", "English"],
      ["/?lang=es", "Español"],
    ]) {
      expect(res.text).toContain(`href="${href}"`);
      expect(res.text).toContain(`<span>${name}</span>`);
    }
    expect(res.text).toMatch(/<svg class="flag"[^>]*aria-hidden="true"/);
    expect(res.text).toContain('id="site-menu"');
  });

  it("points every start button and plan CTA but Enterprise (sales, tests/http/sales.test.ts) at APP_URL", async () => {
    const res = await request(makeApp({ APP_URL: "https://app.xia.test/" })).get("/");
    const planCtas = res.text.match(/class="btn [^"]*plan-cta" href="([^"]+)"/g)!;
    expect(planCtas).toHaveLength(5);
    for (const a of planCtas.slice(0, 4)) expect(a).toContain('href="https://app.xia.test/"');
    expect(res.text).toMatch(/btn-primary btn-lg" href="https:\/\/app\.xia\.test\/">Começar grátis/);
    expect(res.text).toMatch(/btn-primary btn-lg" href="https:\/\/app\.xia\.test\/">Começar agora/);
  });

  it("has a footer with three social links, anchors, sign-up, real resource/help links, mailto, legal links", async () => {
    const res = await request(
      makeApp({ CONTACT_EMAIL: "ajuda@xia.test", INSTAGRAM_URL: "https://instagram.com/xia" }),
    ).get("/");
    const footer = res.text.slice(res.text.indexOf('<footer class="site-footer">'));
    expect(footer.match(/<ul class="social"[\s\S]*?<\/ul>/)![0].match(/<a /g)).toHaveLength(3);
    expect(footer).toContain('href="https://instagram.com/xia"');
    expect(footer).toContain('href="mailto:ajuda@xia.test"');
    expect(footer).toContain('href="/terms"');
    expect(footer).toContain('href="/privacy"');
    expect(footer).not.toMatch(/href="#"/);
    expect(res.text).not.toMatch(/href="#"/);
    expect(textOf(footer)).toContain("© 2026 XIA");
  });

  it("uses each FAQ entry as a <details> that opens without JavaScript", async () => {
    const res = await request(app).get("/");
    expect(res.text.match(/<details class="faq-item"><summary>/g)).toHaveLength(7);
  });

  it("has no inline style attributes", async () => {
    for (const path of ["/", "/?lang=en", "/privacy", "/terms", "/nope"]) {
      const res = await request(app).get(path);
      expect(res.text, path).not.toMatch(/\sstyle="/);
    }
  });

  it("uses BRAND_NAME", async () => {
    const res = await request(makeApp({ BRAND_NAME: "Vendebot" })).get("/?lang=en");
    expect(textOf(res.text)).toContain("© 2026 Vendebot");
    expect(res.text).toContain("<title>Vendebot — AI that sells and serves on WhatsApp</title>");
  });
});

describe("language resolution", () => {
  it.each([
    "/?lang=fr",
    "/?lang=EN",
    "/?lang=",
    "/?lang=en&lang=es",
    "/?lang[]=en",
    "/?lang=%3Cscript%3Ealert(1)%3C/script%3E",
    "/?lang=%E0%A4%A",
  ])("%s gives the Portuguese page and does not echo the value", async (path) => {
    const res = await request(app).get(path).expect(200);
    expect(res.headers["content-language"]).toBe("pt-BR");
    expect(res.text).toContain('<html lang="pt-BR">');
    expect(res.text).toContain('<link rel="canonical" href="http://localhost:3000/">');
    expect(res.text).not.toMatch(/<script>alert|%3Cscript|lang=fr|lang=EN/);
  });

  it("/?lang=pt is Portuguese with canonical /", async () => {
    const res = await request(app).get("/?lang=pt").expect(200);
    expect(res.text).toContain('<link rel="canonical" href="http://localhost:3000/">');
  });

  it("sets no cookie and does not vary on cookies", async () => {
    const res = await request(app).get("/?lang=en").set("Cookie", "xia_lang=es");
    expect(res.headers["set-cookie"]).toBeUndefined();
    expect(res.headers.vary).not.toMatch(/cookie/i);
    expect(res.headers["content-language"]).toBe("en");
  });
});

describe("legal pages", () => {
  it.each(["/privacy", "/privacy?lang=en", "/terms", "/terms?lang=es"])(
    "%s is Portuguese whatever lang says",
    async (path) => {
      const res = await request(app).get(path).expect(200);
      expect(res.headers["content-language"]).toBe("pt-BR");
      expect(res.text).toContain('<html lang="pt-BR">');
      expect(res.text).not.toMatch(/<script(?! type="module" src="\/assets\/main-)/);
    },
  );

  it("privacy states provider, CNPJ, Brazilian law, data collected, rights and how to use them, and today's São Paulo date", async () => {
    const res = await request(
      makeApp({
        COMPANY_NAME: "XIA Tecnologia Ltda.",
        COMPANY_CNPJ: "11.222.333/0001-81",
        CONTACT_EMAIL: "dpo@xia.test",
      }),
    ).get("/privacy");
    const text = textOf(res.text);
    for (const s of [
      "Política de Privacidade",
      "XIA Tecnologia Ltda.",
      "11.222.333/0001-81",
      "LGPD",
      "Lei nº 13.709/2018",
      "República Federativa do Brasil",
      "Dados de contato",
      "Dados de uso",
      "Dados do dispositivo e de navegação",
      "localização, somente se você autorizar",
      "acesso aos seus dados",
      "correção",
      "exclusão",
      "revogação do consentimento",
      "escreva para dpo@xia.test",
      "Última atualização: 31/12/2026",
    ])
      expect(text, s).toContain(s);
    expect(text).not.toMatch(LEAKED_KEY);
  });

  it("terms state the provider, Brazilian law, termination and suspension, and the same date line", async () => {
    const res = await request(app).get("/terms");
    const text = textOf(res.text);
    for (const s of [
      "Termos de Uso",
      "[RAZÃO SOCIAL A DEFINIR]",
      "[CNPJ A DEFINIR]",
      "leis da República Federativa do Brasil",
      "encerrar ou suspender o acesso à plataforma a qualquer momento",
      "Última atualização: 31/12/2026",
      "© 2026 XIA",
    ])
      expect(text, s).toContain(s);
  });

  it("takes the date in TIME_ZONE per request", async () => {
    let now = new Date("2026-06-15T12:00:00Z");
    const tokyo = makeApp({ TIME_ZONE: "Asia/Tokyo" }, () => now);
    expect(textOf((await request(tokyo).get("/privacy")).text)).toContain("Última atualização: 15/06/2026");
    now = new Date("2026-06-15T16:00:00Z"); // 01:00 on the 16th in Tokyo
    expect(textOf((await request(tokyo).get("/privacy")).text)).toContain("Última atualização: 16/06/2026");
  });
});

describe("statuses", () => {
  it("HEAD answers like GET without a body", async () => {
    for (const path of ["/", "/privacy", "/terms"]) {
      const res = await request(app).head(path).expect(200);
      expect(res.text ?? "").toBe("");
      expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
    }
  });

  it.each([
    ["/nope", "pt-BR", "Página não encontrada"],
    ["/nope?lang=en", "en", "Page not found"],
    ["/a/b/c?lang=es", "es", "Página no encontrada"],
  ])("%s is a real 404 page in its language with a way home", async (path, htmlLang, title) => {
    const res = await request(app).get(path).expect(404);
    expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(res.text).toContain(`<html lang="${htmlLang}">`);
    expect(res.text).toContain(`<h1>${title}</h1>`);
    expect(res.text).toMatch(/<a class="btn btn-primary" href="\/(\?lang=\w+)?">/);
    expect(res.text).toContain('<meta name="robots" content="noindex">');
  });

  it.each(["post", "put", "delete", "patch", "options"] as const)(
    "%s on a known route is 405 with Allow: GET, HEAD",
    async (method) => {
      for (const path of ["/", "/privacy", "/terms"]) {
        const res = await request(app)[method](path);
        expect(res.status, `${method} ${path}`).toBe(405);
        expect(res.headers.allow).toBe("GET, HEAD");
      }
    },
  );

  it.each(["/%E0%A4%A", "/%", "/privacy%ZZ", "/assets/%C0%AE%C0%AE/x"])(
    "malformed percent-encoding %s is a 400 page",
    async (path) => {
      const res = await request(app).get(path).expect(400);
      expect(res.text).toContain("<h1>Pedido inválido</h1>");
    },
  );

  it("an internal failure is a 500 page with no stack and no detail", async () => {
    const broken = makeApp({}, () => {
      throw new Error("secret detail");
    });
    const res = await request(broken).get("/");
    expect(res.status).toBe(500);
    expect(res.text).not.toContain("secret detail");
    expect(res.text).not.toMatch(/\bat .*\.ts:\d+/);
  });
});

describe("what ships JavaScript", () => {
  it("the legal and 404 pages load only the client entry (campaign attribution): no island, nothing inline", async () => {
    for (const path of ["/privacy", "/terms", "/nope", "/nope?lang=en"]) {
      const scripts = (await request(app).get(path)).text.match(/<script[^>]*>/g);
      expect(scripts, path).toEqual([expect.stringMatching(/^<script type="module" src="\/assets\/main-\w+\.js">$/)]);
    }
  });

  it("the landing page has one module script (never render-blocking), the head snippet on / only, and JSON data", async () => {
    for (const path of ["/", "/?lang=en"]) {
      const html = (await request(app).get(path)).text;
      const scripts = html.match(/<script[^>]*>/g)!;
      const kinds = scripts.map((s) =>
        s.includes('type="module"')
          ? "module"
          : s.includes("application/json")
            ? "json"
            : s.includes("application/ld+json")
              ? "ld"
              : s === "<script>"
                ? "inline"
                : s,
      );
      expect(kinds.filter((k) => k === "module")).toHaveLength(1);
      expect(kinds.filter((k) => !["module", "json", "ld", "inline"].includes(k))).toEqual([]);
      expect(kinds.filter((k) => k === "inline")).toHaveLength(path === "/" ? 1 : 0);
    }
  });

  it("the inline head snippet is at most 600 bytes", async () => {
    const html = (await request(app).get("/")).text;
    const snippet = html.match(/<script>([\s\S]*?)<\/script>/)![1];
    expect(Buffer.byteLength(snippet)).toBeLessThanOrEqual(600);
  });

  it("islands get finished strings as props, never the catalogue", async () => {
    const html = (await request(app).get("/?lang=en")).text;
    const props = [...html.matchAll(/<script type="application\/json" id="props-(\w+)">([\s\S]*?)<\/script>/g)];
    expect(props.map((m) => m[1])).toEqual(["header", "calculator"]);
    for (const [, , json] of props) {
      expect(json).not.toMatch(/"(hero|features|faq)\./);
      expect(Buffer.byteLength(json)).toBeLessThan(3000);
    }
  });
});
