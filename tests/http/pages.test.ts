import request from "supertest";
import { describe, expect, it } from "vitest";
import { FAQ_KEYS } from "../../src/components/landing/Faq";
import { FEATURE_KEYS } from "../../src/content/features";
import { SEGMENT_KEYS } from "../../src/content/segments";
import { copy, type CopyLang, legalCopy, monthly } from "../copy";
import { parsePage, queriesIn, textOf } from "./dom";
import { LEAKED_KEY, makeApp } from "./helpers";

const app = makeApp();
const canonicalOf = (html: string) =>
  parsePage(html)
    .headLinks("canonical")
    .map((link) => link.getAttribute("href"));
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
    copy(lang, "faq.connection.a", { brand: "XIA" }),
    copy(lang, "faq.data.a", { brand: "XIA" }),
    // Where the conversations go, before its link to the privacy page (segments.test.ts reads it whole).
    copy(lang, "segment.aiProviders", { privacy: "\u0001" }).split("\u0001")[0].trim(),
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
    const page = parsePage(res.text);
    expect(page.lang).toBe(htmlLang);
    for (const t of texts) expect(page.text, t).toContain(t);
    expect(page.text).not.toMatch(LEAKED_KEY);
  });

  it("has every feature, pixel tracking and mass broadcast marked coming soon, and every industry", async () => {
    const page = parsePage((await request(app).get("/en")).text);
    const features = queriesIn(page.getByRole("region", { name: copy("en", "features.title") }));
    const names = features.getAllByRole("heading", { level: 3 });
    expect(names).toHaveLength(FEATURE_KEYS.length);
    expect(features.getByRole("list").children).toHaveLength(FEATURE_KEYS.length);
    // "Coming soon" is said twice on the page, each time right after the name it marks.
    const soon = copy("en", "features.soon");
    const marked = page.getAllByText(soon).map((tag) => tag.parentElement!);
    expect(marked.map((heading) => [heading.tagName, textOf(heading)])).toEqual(
      ["pixel_tracking", "mass_broadcast"].map((f) => ["H3", `${copy("en", `features.${f}.name`)} ${soon}`]),
    );
    const industries = queriesIn(page.getByRole("region", { name: copy("en", "industries.title") }));
    expect(industries.getAllByRole("listitem")).toHaveLength(SEGMENT_KEYS.length);
  });

  it("has the header: logo to the top, four anchors, Sign In and Sign Up to APP_URL, real language links", async () => {
    const page = parsePage((await request(makeApp({ APP_URL: "https://app.xia.test" })).get("/")).text);
    const header = queriesIn(page.getAllByRole("banner")[0]);
    expect(header.getByRole("link", { name: copy("pt", "header.home", { brand: "XIA" }) }).getAttribute("href")).toBe(
      "#top",
    );
    const nav = queriesIn(header.getAllByRole("navigation", { name: copy("pt", "header.navLabel") })[0]);
    for (const id of ["features", "industries", "pricing", "faq"])
      expect(nav.getByRole("link", { name: copy("pt", `header.nav.${id}`) }).getAttribute("href")).toBe(`#${id}`);
    for (const key of ["header.signIn", "header.signUp"])
      expect(page.hrefsNamed(copy("pt", key))).toContain("https://app.xia.test/");
    for (const [href, name] of [
      ["/", "Português"],
      ["/en", "English"],
      ["/es", "Español"],
    ])
      expect(page.hrefsNamed(name), name).toContain(href);
    // The flags are decoration: the language's name is the link's whole name.
    const flags = page.document.querySelectorAll("svg.flag");
    expect(flags.length).toBeGreaterThan(0);
    for (const flag of flags) expect(flag.getAttribute("aria-hidden")).toBe("true");
    // The menu button opens a real target without JavaScript.
    const menu = header.getByRole("button", { name: copy("pt", "header.menu") });
    expect(page.document.getElementById(menu.getAttribute("href")!.slice(1))).not.toBeNull();
  });

  it("points every start button and plan CTA but Enterprise (sales, tests/http/sales.test.ts) at APP_URL", async () => {
    const page = parsePage((await request(makeApp({ APP_URL: "https://app.xia.test/" })).get("/")).text);
    const plans = [...page.getByRole("list", { name: copy("pt", "plans.listLabel") }).children] as HTMLElement[];
    expect(plans).toHaveLength(5);
    for (const plan of plans.slice(0, 4)) {
      const name = queriesIn(plan).getByRole("heading", { level: 3 }).textContent!;
      expect(
        queriesIn(plan)
          .getAllByRole("link")
          .map((a) => a.getAttribute("href")),
        name,
      ).toEqual(["https://app.xia.test/"]);
    }
    expect(page.hrefsNamed(copy("pt", "hero.cta"))).toContain("https://app.xia.test/");
    expect(page.hrefsNamed(copy("pt", "faq.cta"))).toEqual(["https://app.xia.test/"]);
  });

  it("has a footer with three social links, anchors, sign-up, real resource/help links, mailto, legal links", async () => {
    const res = await request(
      makeApp({ CONTACT_EMAIL: "ajuda@xia.test", INSTAGRAM_URL: "https://instagram.com/xia" }),
    ).get("/");
    const page = parsePage(res.text);
    const contentinfo = page.getByRole("contentinfo");
    const footer = queriesIn(contentinfo);
    expect(
      queriesIn(footer.getByRole("list", { name: copy("pt", "footer.social") })).getAllByRole("link"),
    ).toHaveLength(3);
    const targets = footer.getAllByRole("link").map((a) => a.getAttribute("href"));
    for (const href of ["https://instagram.com/xia", "mailto:ajuda@xia.test", "/terms", "/privacy"])
      expect(targets).toContain(href);
    expect(page.linksTo("#")).toEqual([]);
    expect(textOf(contentinfo)).toContain(copy("pt", "footer.copyright", { year: 2026, brand: "XIA" }));
  });

  it("uses each FAQ entry as a <details> that opens without JavaScript", async () => {
    const page = parsePage((await request(app).get("/")).text);
    const faq = page.getByRole("region", { name: copy("pt", "faq.title") });
    const entries = [...faq.querySelectorAll("details")];
    expect(entries).toHaveLength(FAQ_KEYS.length);
    for (const entry of entries) expect(entry.firstElementChild!.tagName).toBe("SUMMARY");
  });

  it("labels the sample chat as an example, visibly, in the page's language (its people, prices and times are made up)", async () => {
    for (const [lang, path] of [
      ["pt", "/"],
      ["en", "/en"],
      ["es", "/es/segmentos/odontologia"],
    ] as const) {
      const phone = parsePage((await request(app).get(path)).text).getByRole("figure");
      expect(textOf(phone), path).toContain(copy(lang, "hero.chat.example"));
    }
  });

  it("has no inline style attributes", async () => {
    for (const path of ["/", "/en", "/privacy", "/terms", "/nope"]) {
      const res = await request(app).get(path);
      expect(parsePage(res.text).document.querySelectorAll("[style]"), path).toHaveLength(0);
    }
  });

  it("uses BRAND_NAME", async () => {
    const page = parsePage((await request(makeApp({ BRAND_NAME: "Vendebot" })).get("/en")).text);
    expect(page.text).toContain(copy("en", "footer.copyright", { year: 2026, brand: "Vendebot" }));
    expect(page.title).toBe(copy("en", "meta.title", { brand: "Vendebot" }));
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
    expect(parsePage(res.text).lang).toBe("pt-BR");
    expect(canonicalOf(res.text)).toEqual(["http://localhost:3000/"]);
    // Bytes: the value appears nowhere in the answer, markup or not.
    expect(res.text).not.toMatch(/<script>alert|%3Cscript|lang=fr|lang=EN/);
  });

  it("/?lang[]=en is not lang: the Portuguese page, not echoed", async () => {
    const res = await request(app).get("/?lang[]=en").expect(200);
    expect(parsePage(res.text).lang).toBe("pt-BR");
    expect(canonicalOf(res.text)).toEqual(["http://localhost:3000/"]);
  });

  it("/?lang=pt goes to /, whose canonical is /", async () => {
    const redirect = await request(app).get("/?lang=pt").redirects(0).expect(301);
    expect(redirect.headers.location).toBe("/");
    const res = await request(app).get("/").expect(200);
    expect(canonicalOf(res.text)).toEqual(["http://localhost:3000/"]);
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
      expect(parsePage(res.text).lang).toBe("pt-BR");
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
    const { text } = parsePage(res.text);
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
    const { text } = parsePage(res.text);
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
    expect(parsePage((await request(tokyo).get("/privacy")).text).text).toContain(
      legalCopy("common.lastUpdated", { date: "15/06/2026" }),
    );
    now = new Date("2026-06-15T16:00:00Z"); // 01:00 on the 16th in Tokyo
    expect(parsePage((await request(tokyo).get("/privacy")).text).text).toContain(
      legalCopy("common.lastUpdated", { date: "16/06/2026" }),
    );
  });
});
