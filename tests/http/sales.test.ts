import request from "supertest";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/server/config";
import { t } from "../../src/content/catalogue";
import { salesHref } from "../../src/content/sales";
import { LANGS, landingHref, type Lang } from "../../src/shared/languages";
import { linksTo, parsePage, queriesIn } from "./dom";
import { makeApp } from "./helpers";

const NUMBER = { SALES_WHATSAPP: "5511987654321" };
const withNumber = makeApp(NUMBER);
const withoutNumber = makeApp();
const withQuery = (path: string, query: string) => path + (path.includes("?") ? "&" : "?") + query;

/** The targets of the page's links named `label`, all of them. */
const hrefsOf = (html: string, label: string): string[] => parsePage(html).hrefsNamed(label);

/** The calculator's result (its <output>, role status) and the targets of its links named `label`. */
function result(html: string) {
  const output = parsePage(html).getByRole("status");
  return {
    output,
    hrefsOf: (label: string) =>
      queriesIn(output)
        .queryAllByRole("link", { name: label })
        .map((a) => a.getAttribute("href")),
  };
}

describe("Sales on WhatsApp (SALES_WHATSAPP set)", () => {
  const config = loadConfig(NUMBER).page;
  it.each(LANGS)("%s: the Enterprise button opens wa.me with the page's message naming the plan", async (lang) => {
    const html = (await request(withNumber).get(landingHref(lang)).expect(200)).text;
    const expected = salesHref(config, lang, "Enterprise");
    expect(expected).toMatch(/^https:\/\/wa\.me\/5511987654321\?text=/);
    expect(hrefsOf(html, t(lang, "plans.enterprise.cta"))).toEqual([expected]);
  });

  it.each(LANGS)("%s: the calculator's Enterprise result (no-JS form) talks to sales", async (lang) => {
    const path = withQuery(landingHref(lang), "leads=12001&interactions=1");
    const html = (await request(withNumber).get(path).expect(200)).text;
    const { output, hrefsOf } = result(html);
    expect(hrefsOf(t(lang, "plans.enterprise.cta"))).toEqual([salesHref(config, lang, "Enterprise")]);
    expect(linksTo(output, config.appUrl)).toEqual([]);
  });

  it.each(LANGS)("%s: the footer has a 'talk to us on WhatsApp' link", async (lang) => {
    const html = (await request(withNumber).get(landingHref(lang))).text;
    const [href] = hrefsOf(html, t(lang, "footer.whatsapp"));
    const url = new URL(href);
    expect(url.origin + url.pathname).toBe("https://wa.me/5511987654321");
    expect(url.searchParams.get("text")).toBe(t(lang, "sales.messageGeneral", { brand: config.brandName }));
  });

  it("the calculator island knows the sales link for results it computes in the browser", async () => {
    const html = (await request(withNumber).get(landingHref("es"))).text;
    const props = JSON.parse(parsePage(html).document.getElementById("props-calculator")!.textContent!);
    expect(props.salesHref).toBe(salesHref(config, "es", "Enterprise"));
    expect(props.plans.enterprise.cta).toBe(t("es", "plans.enterprise.cta"));
  });
});

describe("Sales by e-mail (SALES_WHATSAPP unset)", () => {
  const config = loadConfig({}).page;
  it.each(LANGS)(
    "%s: Enterprise button and calculator result are a mailto with a subject in the language",
    async (lang: Lang) => {
      const expected = `mailto:${config.contactEmail}?subject=${encodeURIComponent(t(lang, "sales.subject", { plan: "Enterprise", brand: config.brandName }))}`;
      const html = (await request(withoutNumber).get(landingHref(lang))).text;
      expect(hrefsOf(html, t(lang, "plans.enterprise.cta"))).toEqual([expected]);
      const form = (await request(withoutNumber).get(withQuery(landingHref(lang), "leads=1000000&interactions=1000")))
        .text;
      expect(result(form).hrefsOf(t(lang, "plans.enterprise.cta"))).toEqual([expected]);
    },
  );

  it.each(LANGS)("%s: no WhatsApp link in the footer", async (lang) => {
    const html = (await request(withoutNumber).get(landingHref(lang))).text;
    expect(hrefsOf(html, t(lang, "footer.whatsapp"))).toEqual([]);
    expect(html).not.toContain("wa.me"); // bytes: not in a link, not in the islands' props
  });

  it("every other plan still starts in the application", async () => {
    const page = parsePage((await request(withoutNumber).get("/")).text);
    const cards = [...page.getByRole("list", { name: t("pt", "plans.listLabel") }).children] as HTMLElement[];
    const plans = cards.flatMap((card) =>
      queriesIn(card)
        .getAllByRole("link")
        .map((a) => a.getAttribute("href")),
    );
    expect(plans).toHaveLength(5);
    expect(plans.filter((h) => h === config.appUrl)).toHaveLength(4);
  });
});
