import request from "supertest";
import { describe, expect, it } from "vitest";
import { t } from "../../src/content/catalogue";
import { makeApp, textOf } from "./helpers";

const SITE = "https://www.xia.test";
const app = makeApp({ SITE_URL: SITE });

describe("a path per language", () => {
  it.each([
    ["/", "pt", "pt-BR", `${SITE}/`],
    ["/en", "en", "en", `${SITE}/en`],
    ["/es", "es", "es", `${SITE}/es`],
  ] as const)(
    "%s: 200, lang, Content-Language, canonical and hreflang on paths",
    async (path, lang, htmlLang, canonical) => {
      const res = await request(app).get(path).expect(200);
      expect(res.headers["content-language"]).toBe(htmlLang);
      expect(res.text).toContain(`<html lang="${htmlLang}">`);
      expect(res.text).toContain(`<link rel="canonical" href="${canonical}">`);
      expect(res.text).toContain(`<link rel="alternate" hreflang="pt-BR" href="${SITE}/">`);
      expect(res.text).toContain(`<link rel="alternate" hreflang="en" href="${SITE}/en">`);
      expect(res.text).toContain(`<link rel="alternate" hreflang="es" href="${SITE}/es">`);
      expect(res.text).toContain(`<link rel="alternate" hreflang="x-default" href="${SITE}/">`);
      expect(textOf(res.text)).toContain(t(lang, "hero.title"));
    },
  );

  it("the switcher links are the paths", async () => {
    const html = (await request(app).get("/es")).text;
    const menu = html.match(/<ul class="lang-menu"[\s\S]*?<\/ul>/)![0];
    expect([...menu.matchAll(/href="([^"]+)"/g)].map((m) => m[1])).toEqual(["/", "/en", "/es"]);
  });

  it("the calculator's no-JavaScript form goes to its own language path, without a lang field", async () => {
    for (const [path, action] of [
      ["/", "/#pricing"],
      ["/en", "/en#pricing"],
      ["/es", "/es#pricing"],
    ]) {
      const html = (await request(app).get(path)).text;
      // Relative to the page: resolved against its URL (an ad click's query too), its own path.
      const target = new URL(
        html.match(/<form class="calc-form"[^>]* action="([^"]*)"/)![1],
        `https://x.test${path}?fbclid=1`,
      );
      expect(target.pathname + target.hash, path).toBe(action);
      expect(html, path).not.toContain('name="lang"');
    }
  });

  it("an explicit /en is English whatever else the query says (never redirected)", async () => {
    const res = await request(app).get("/en?lang=es").expect(200);
    expect(res.text).toContain('<html lang="en">');
  });
});

describe("redirects", () => {
  const redirects: Array<[string, string]> = [
    ["/en/", "/en"],
    ["/es/", "/es"],
    ["/es/?utm_source=ig&fbclid=AbC_123", "/es?utm_source=ig&fbclid=AbC_123"],
    ["/?lang=en", "/en"],
    ["/?lang=es", "/es"],
    ["/?lang=pt", "/"],
    ["/?lang=fr", "/"],
    ["/?lang=", "/"],
    ["/?lang=en&lang=es", "/"],
    ["/?lang=es&utm_source=facebook&fbclid=AbC_123", "/es?utm_source=facebook&fbclid=AbC_123"],
    [
      "/?utm_source=fb&lang=en&utm_campaign=ver%C3%A3o+2026&utm_term=a%2Fb&x=1&x=2",
      "/en?utm_source=fb&utm_campaign=ver%C3%A3o+2026&utm_term=a%2Fb&x=1&x=2",
    ],
    ["/?lang=pt&gclid=Cj0K", "/?gclid=Cj0K"],
    ["/?lang=en&leads=2000&interactions=6", "/en?leads=2000&interactions=6"],
  ];
  it.each(redirects)("%s → 301 %s", async (from, to) => {
    const res = await request(app).get(from).redirects(0);
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe(to);
  });

  it("HEAD redirects too", async () => {
    const res = await request(app).head("/?lang=en&utm_source=x").redirects(0);
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe("/en?utm_source=x");
  });

  it("a hostile lang value is not echoed anywhere: Location is the plain path, the body empty", async () => {
    const res = await request(app).get("/?lang=%22%3E%3Cscript%3Ealert(1)%3C/script%3E").redirects(0);
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe("/");
    expect(res.text ?? "").toBe("");
  });

  it("the old-link redirect is private (a cache keyed without lang cannot store it over /); /en/ is public", async () => {
    expect((await request(app).get("/?lang=en").redirects(0)).headers["cache-control"]).toBe("private, max-age=86400");
    expect((await request(app).get("/en/").redirects(0)).headers["cache-control"]).toBe("public, max-age=86400");
  });

  it("following the redirect lands on the page in that language", async () => {
    const res = await request(app).get("/?lang=es&utm_source=ig").redirects(1).expect(200);
    expect(res.text).toContain('<html lang="es">');
  });
});

describe("404 under a language path", () => {
  it.each([
    ["/en/nope", "en", "en", "/en"],
    ["/en/a/b/c?utm_source=x", "en", "en", "/en"],
    ["/es/precios", "es", "es", "/es"],
    ["/nope", "pt", "pt-BR", "/"],
    ["/pt/nope", "pt", "pt-BR", "/"],
    ["/english", "pt", "pt-BR", "/"],
  ] as const)("%s: the 404 page in that language, home is %s", async (path, lang, htmlLang, home) => {
    const res = await request(app).get(path).expect(404);
    expect(res.headers["content-language"]).toBe(htmlLang);
    expect(res.text).toContain(`<html lang="${htmlLang}">`);
    expect(textOf(res.text)).toContain(t(lang, "notFound.title"));
    expect(res.text).toContain(`<a class="btn btn-primary" href="${home}">`);
  });

  it("a method the page does not allow is answered in the path's language", async () => {
    const res = await request(app).post("/es").expect(405);
    expect(res.headers.allow).toBe("GET, HEAD");
    expect(res.text).toContain('<html lang="es">');
  });
});
