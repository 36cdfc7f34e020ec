import request from "supertest";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/server/config";
import { t } from "../../src/content/catalogue";
import { salesHref } from "../../src/content/sales";
import { LANGS, landingHref, type Lang } from "../../src/shared/languages";
import { makeApp } from "./helpers";

const NUMBER = { SALES_WHATSAPP: "5511987654321" };
const withNumber = makeApp(NUMBER);
const withoutNumber = makeApp();
const unescape = (s: string) => s.replace(/&amp;/g, "&").replace(/&#x27;|&#39;/g, "'");
const withQuery = (path: string, query: string) => path + (path.includes("?") ? "&" : "?") + query;

/** href of the link whose text is exactly `label`, all of them. */
function hrefsOf(html: string, label: string): string[] {
  return [...html.matchAll(/<a [^>]*href="([^"]*)"[^>]*>([^<]*)<\/a>/g)]
    .filter((m) => unescape(m[2]) === label)
    .map((m) => unescape(m[1]));
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
    const result = html.match(/<output class="calc-result"[\s\S]*?<\/output>/)![0];
    expect(hrefsOf(result, t(lang, "plans.enterprise.cta"))).toEqual([salesHref(config, lang, "Enterprise")]);
    expect(result).not.toContain(config.appUrl);
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
    const props = JSON.parse(
      html.match(/<script type="application\/json" id="props-calculator">([\s\S]*?)<\/script>/)![1],
    );
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
      const result = form.match(/<output class="calc-result"[\s\S]*?<\/output>/)![0];
      expect(hrefsOf(result, t(lang, "plans.enterprise.cta"))).toEqual([expected]);
    },
  );

  it.each(LANGS)("%s: no WhatsApp link in the footer", async (lang) => {
    const html = (await request(withoutNumber).get(landingHref(lang))).text;
    expect(hrefsOf(html, t(lang, "footer.whatsapp"))).toEqual([]);
    expect(html).not.toContain("wa.me");
  });

  it("every other plan still starts in the application", async () => {
    const html = (await request(withoutNumber).get("/")).text;
    const plans = [...html.matchAll(/<a class="btn [^"]*plan-cta" href="([^"]*)"/g)].map((m) => unescape(m[1]));
    expect(plans).toHaveLength(5);
    expect(plans.filter((h) => h === config.appUrl)).toHaveLength(4);
  });
});
