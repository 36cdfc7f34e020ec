import request from "supertest";
import { describe, expect, it } from "vitest";
import { t } from "../../src/content/catalogue";
import { LANGS } from "../../src/shared/languages";
import { EXPECTED_LANGUAGE } from "../fixtures";
import { parsePage } from "./dom";
import { makeApp } from "./helpers";

const SITE = "https://www.xia.test";
const app = makeApp({ SITE_URL: SITE });
const PATHS = LANGS.map((lang) => EXPECTED_LANGUAGE[lang].path);

describe("a path per language", () => {
  it.each(
    LANGS.map(
      (lang) =>
        [
          EXPECTED_LANGUAGE[lang].path,
          lang,
          EXPECTED_LANGUAGE[lang].htmlLang,
          SITE + EXPECTED_LANGUAGE[lang].path,
        ] as const,
    ),
  )("%s: 200, lang, Content-Language, canonical and hreflang on paths", async (path, lang, htmlLang, canonical) => {
    const res = await request(app).get(path).expect(200);
    expect(res.headers["content-language"]).toBe(htmlLang);
    const page = parsePage(res.text);
    expect(page.lang).toBe(htmlLang);
    expect(page.headLinks("canonical").map((link) => link.getAttribute("href"))).toEqual([canonical]);
    expect(
      page.headLinks("alternate").map((link) => [link.getAttribute("hreflang"), link.getAttribute("href")]),
    ).toEqual(
      expect.arrayContaining([
        ...LANGS.map((l) => [EXPECTED_LANGUAGE[l].htmlLang, SITE + EXPECTED_LANGUAGE[l].path]),
        ["x-default", `${SITE}/`],
      ]),
    );
    expect(page.getByRole("heading", { level: 1, name: t(lang, "hero.title") })).toBeTruthy();
  });

  it("the switcher links are the paths", async () => {
    const page = parsePage((await request(app).get("/es")).text);
    // Each list named "choose a language" (the dropdown and the mobile menu's) links to the paths.
    const menus = page.getAllByRole("list", { name: t("es", "header.languageList") });
    expect(menus).toHaveLength(2);
    for (const menu of menus) expect([...menu.querySelectorAll("a")].map((a) => a.getAttribute("href"))).toEqual(PATHS);
  });

  it("the calculator's no-JavaScript form goes to its own language path, without a lang field", async () => {
    for (const lang of LANGS) {
      const path = EXPECTED_LANGUAGE[lang].path;
      const action = `${path}#pricing`;
      const page = parsePage((await request(app).get(path)).text);
      const field = page.getByRole("textbox", { name: t(lang, "calculator.leads") }) as HTMLInputElement;
      // Relative to the page: resolved against its URL (an ad click's query too), its own path.
      const target = new URL(field.form!.getAttribute("action")!, `https://x.test${path}?fbclid=1`);
      expect(target.pathname + target.hash, path).toBe(action);
      expect(page.document.querySelector('[name="lang"]'), path).toBeNull();
    }
  });

  it("an explicit /en is English whatever else the query says (never redirected)", async () => {
    const res = await request(app).get("/en?lang=es").expect(200);
    expect(parsePage(res.text).lang).toBe("en");
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
    expect(parsePage(res.text).lang).toBe("es");
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
    const page = parsePage(res.text);
    expect(page.lang).toBe(htmlLang);
    expect(page.getByRole("heading", { level: 1, name: t(lang, "notFound.title") })).toBeTruthy();
    expect(page.hrefsNamed(t(lang, "notFound.home"))).toEqual([home]);
  });

  it("a method the page does not allow is answered in the path's language", async () => {
    const res = await request(app).post("/es").expect(405);
    expect(res.headers.allow).toBe("GET, HEAD");
    expect(parsePage(res.text).lang).toBe("es");
  });
});
