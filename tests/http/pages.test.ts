import request from "supertest";
import { describe, expect, it } from "vitest";
import { FAQ_KEYS } from "../../src/components/landing/Faq";
import { copy, type CopyLang, html, legalCopy, monthly } from "../copy";
import { LEAKED_KEY, makeApp, textOf, titleOf } from "./helpers";

const app = makeApp();
/** What the legal pages show for company data not configured (decision 050: the catalogue's text). */
const COMPANY_NAME_PLACEHOLDER = copy("pt", "footer.unset.company");
const COMPANY_CNPJ_PLACEHOLDER = copy("pt", "footer.unset.cnpj");
const COMPANY_ADDRESS_PLACEHOLDER = copy("pt", "footer.unset.address");

describe("landing page in each language", () => {
  /** What each landing page must show: catalogue keys with their arguments, and the plan prices. */
  const texts = (lang: CopyLang, prices: string[]) => [
    copy(lang, "hero.title"),
    copy(lang, "hero.cta"),
    ...["online", "ai", "whatsapp", "multiuser"].map((badge) => copy(lang, `hero.badges.${badge}`)),
    copy(lang, "plans.price.free"),
    ...prices.map((price) => monthly(lang, price)),
    copy(lang, "plans.price.onRequest"),
    copy(lang, "plans.popular"),
    ...[700, 10_000, 50_000, 120_000].map((credits) => copy(lang, "plans.credits", { credits })),
    copy(lang, "plans.messagesUnlimited"),
    ...[1, 2, 5, 20].map((count) => copy(lang, "plans.connections", { count })),
    copy(lang, "plans.connectionsUnlimited"),
    copy(lang, "plans.pixelsSoon"),
    ...[5, 20].map((count) => copy(lang, "plans.pixels", { count })),
    copy(lang, "plans.pixelsUnlimited"),
    ...["dashboards", "sla", "support"].map((extra) => copy(lang, `plans.enterpriseExtras.${extra}`)),
    ...["followUp", "files", "memory"].map((line) => copy(lang, `plans.paid.${line}`)),
    copy(lang, "industries.more"),
    copy(lang, "features.soon"),
    copy(lang, "footer.copyright", { year: 2026, brand: "XIA" }),
    copy(lang, "faq.title"),
    copy(lang, "calculator.leads"),
    copy(lang, "calculator.interactions"),
    copy(lang, "faq.crm.a", { brand: "XIA" }),
    copy(lang, "faq.credits.a", { credits: 10 }),
    copy(lang, "faq.members.a"),
    copy(lang, "faq.support.a", { email: "contato@example.com" }), // the default CONTACT_EMAIL
    copy(lang, "faq.contract.a"),
    copy(lang, "faq.accounts.a"),
    copy(lang, "faq.lines.a"),
  ];
  const cases = [
    { path: "/", htmlLang: "pt-BR", texts: texts("pt", ["R$ 197", "R$ 497", "R$ 997"]) },
    { path: "/en", htmlLang: "en", texts: texts("en", ["$39.40", "$96.90", "$197.10"]) },
    { path: "/es", htmlLang: "es", texts: texts("es", ["R$ 197", "R$ 497", "R$ 997"]) },
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
    const res = await request(app).get("/en");
    expect(res.text.match(/<li class="feature">/g)).toHaveLength(18);
    const soon = `<span class="tag">${html(copy("en", "features.soon"))}</span>`;
    expect(res.text).toContain(html(copy("en", "features.pixel_tracking.name")) + soon);
    expect(res.text).toContain(html(copy("en", "features.mass_broadcast.name")) + soon);
    expect(res.text.match(/<span class="tag">/g)).toHaveLength(2);
    const industries = res.text.match(/<ul class="industry-grid">([\s\S]*?)<\/ul>/)![1];
    expect(industries.match(/<li>/g)).toHaveLength(18);
  });

  it("has the header: logo to the top, four anchors, Sign In and Sign Up to APP_URL, real language links", async () => {
    const res = await request(makeApp({ APP_URL: "https://app.xia.test" })).get("/");
    expect(res.text).toMatch(/<a class="logo" href="#top"/);
    for (const id of ["features", "industries", "pricing", "faq"]) expect(res.text).toContain(`href="#${id}"`);
    expect(res.text).toContain(`href="https://app.xia.test/">${html(copy("pt", "header.signIn"))}<`);
    expect(res.text).toContain(`href="https://app.xia.test/">${html(copy("pt", "header.signUp"))}<`);
    for (const [href, name] of [
      ["/", "Português"],
      ["/en", "English"],
      ["/es", "Español"],
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
    expect(res.text).toContain(`btn-primary btn-lg" href="https://app.xia.test/">${html(copy("pt", "hero.cta"))}`);
    expect(res.text).toContain(`btn-primary btn-lg" href="https://app.xia.test/">${html(copy("pt", "faq.cta"))}`);
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
    expect(textOf(footer)).toContain(copy("pt", "footer.copyright", { year: 2026, brand: "XIA" }));
  });

  it("uses each FAQ entry as a <details> that opens without JavaScript", async () => {
    const res = await request(app).get("/");
    expect(res.text.match(/<details class="faq-item"><summary>/g)).toHaveLength(FAQ_KEYS.length);
  });

  it("has no inline style attributes", async () => {
    for (const path of ["/", "/en", "/privacy", "/terms", "/nope"]) {
      const res = await request(app).get(path);
      expect(res.text, path).not.toMatch(/\sstyle="/);
    }
  });

  it("uses BRAND_NAME", async () => {
    const res = await request(makeApp({ BRAND_NAME: "Vendebot" })).get("/en");
    expect(textOf(res.text)).toContain(copy("en", "footer.copyright", { year: 2026, brand: "Vendebot" }));
    expect(titleOf(res.text)).toBe(copy("en", "meta.title", { brand: "Vendebot" }));
  });
});

describe("language resolution", () => {
  it.each([
    "/?lang=fr",
    "/?lang=EN",
    "/?lang=",
    "/?lang=en&lang=es",
    "/?lang=%3Cscript%3Ealert(1)%3C/script%3E",
    "/?lang=%E0%A4%A",
  ])("%s goes to the Portuguese page (301 /) and does not echo the value", async (path) => {
    const redirect = await request(app).get(path).redirects(0).expect(301);
    expect(redirect.headers.location).toBe("/");
    const res = await request(app).get(redirect.headers.location).expect(200);
    expect(res.headers["content-language"]).toBe("pt-BR");
    expect(res.text).toContain('<html lang="pt-BR">');
    expect(res.text).toContain('<link rel="canonical" href="http://localhost:3000/">');
    expect(res.text).not.toMatch(/<script>alert|%3Cscript|lang=fr|lang=EN/);
  });

  it("/?lang[]=en is not lang: the Portuguese page, not echoed", async () => {
    const res = await request(app).get("/?lang[]=en").expect(200);
    expect(res.text).toContain('<html lang="pt-BR">');
    expect(res.text).toContain('<link rel="canonical" href="http://localhost:3000/">');
  });

  it("/?lang=pt goes to /, whose canonical is /", async () => {
    const redirect = await request(app).get("/?lang=pt").redirects(0).expect(301);
    expect(redirect.headers.location).toBe("/");
    const res = await request(app).get("/").expect(200);
    expect(res.text).toContain('<link rel="canonical" href="http://localhost:3000/">');
  });

  it("sets no cookie and does not vary on cookies", async () => {
    const res = await request(app).get("/en").set("Cookie", "xia_lang=es");
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
      legalCopy("privacy.title"),
      "XIA Tecnologia Ltda.",
      "11.222.333/0001-81",
      legalCopy("common.provider", {
        company: "XIA Tecnologia Ltda.",
        cnpj: "11.222.333/0001-81",
        address: COMPANY_ADDRESS_PLACEHOLDER,
        brand: "XIA",
      }),
      legalCopy("privacy.law.title"),
      legalCopy("privacy.data.account.title"),
      legalCopy("privacy.data.usage.title"),
      legalCopy("privacy.data.device.title"),
      legalCopy("privacy.rights.access"),
      legalCopy("privacy.rights.correction"),
      legalCopy("privacy.rights.revoke"),
      legalCopy("privacy.rights.how", { dpoEmail: "dpo@xia.test" }),
      legalCopy("common.lastUpdated", { date: "31/12/2026" }),
    ])
      expect(text, s).toContain(s);
    expect(text).not.toMatch(LEAKED_KEY);
  });

  it("terms state the provider, Brazilian law, termination and suspension, and the same date line", async () => {
    const res = await request(app).get("/terms");
    const text = textOf(res.text);
    for (const s of [
      legalCopy("terms.title"),
      legalCopy("common.provider", {
        company: COMPANY_NAME_PLACEHOLDER,
        cnpj: COMPANY_CNPJ_PLACEHOLDER,
        address: COMPANY_ADDRESS_PLACEHOLDER,
        brand: "XIA",
      }),
      legalCopy("terms.law.text"),
      legalCopy("terms.suspension.title"),
      legalCopy("terms.suspension.intro"),
      legalCopy("common.lastUpdated", { date: "31/12/2026" }),
      copy("pt", "footer.copyright", { year: 2026, brand: "XIA" }),
    ])
      expect(text, s).toContain(s);
  });

  it("takes the date in TIME_ZONE per request", async () => {
    let now = new Date("2026-06-15T12:00:00Z");
    const tokyo = makeApp({ TIME_ZONE: "Asia/Tokyo" }, () => now);
    expect(textOf((await request(tokyo).get("/privacy")).text)).toContain(
      legalCopy("common.lastUpdated", { date: "15/06/2026" }),
    );
    now = new Date("2026-06-15T16:00:00Z"); // 01:00 on the 16th in Tokyo
    expect(textOf((await request(tokyo).get("/privacy")).text)).toContain(
      legalCopy("common.lastUpdated", { date: "16/06/2026" }),
    );
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
    ["/nope", "pt-BR", copy("pt", "notFound.title")],
    ["/en/nope", "en", copy("en", "notFound.title")],
    ["/es/a/b/c", "es", copy("es", "notFound.title")],
  ])("%s is a real 404 page in its language with a way home", async (path, htmlLang, title) => {
    const res = await request(app).get(path).expect(404);
    expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(res.text).toContain(`<html lang="${htmlLang}">`);
    expect(res.text).toContain(`<h1>${html(title)}</h1>`);
    expect(res.text).toMatch(/<a class="btn btn-primary" href="\/(en|es)?">/);
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
      expect(res.text).toContain(`<h1>${html(copy("pt", "error.badRequest.title"))}</h1>`);
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
  it("the legal, 404 and error pages ship no JavaScript at all (decision 029)", async () => {
    for (const [path, status] of [
      ["/privacy", 200],
      ["/terms", 200],
      ["/privacy?lang=en", 200],
      ["/terms?lang=es", 200],
      ["/nope", 404],
      ["/en/nope", 404],
      ["/es/nope", 404],
      ["/", 405],
    ] as const) {
      const res = await (status === 405 ? request(app).delete(path) : request(app).get(path)).expect(status);
      expect(res.text.match(/<script[^>]*>/g), path).toBeNull();
      expect(res.text, path).not.toContain("data-app-url");
    }
  });

  it("the landing page has one module script (never render-blocking), the head snippet on / only, and JSON data", async () => {
    for (const path of ["/", "/en"]) {
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
      // The entry names the islands' code it imports on demand (decision 027).
      expect(scripts.find((s) => s.includes('type="module"'))).toMatch(
        /^<script type="module" src="\/assets\/main-\w+\.js" data-islands="\/assets\/islands-\w+\.js">$/,
      );
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
    const html = (await request(app).get("/en")).text;
    const props = [...html.matchAll(/<script type="application\/json" id="props-(\w+)">([\s\S]*?)<\/script>/g)];
    expect(props.map((m) => m[1])).toEqual(["header", "calculator"]);
    for (const [, , json] of props) {
      expect(json).not.toMatch(/"(hero|features|faq)\./);
      expect(Buffer.byteLength(json)).toBeLessThan(3000);
    }
  });
});
