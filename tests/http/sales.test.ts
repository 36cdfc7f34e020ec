import request from "supertest";
import { describe, expect, it } from "vitest";
import { createApp } from "../../src/server/app";
import { loadConfig } from "../../src/server/config";
import { t } from "../../src/content/catalogue";
import { DEFAULT_LANG, LANGS, landingHref, type Lang } from "../../src/shared/languages";
import { linksTo, parsePage, queriesIn } from "./dom";
import { fakeLeadStore } from "./fake-lead-store";
import { follow, messageOf } from "./follow-sales";
import { NEW_YEARS_EVE } from "./helpers";

const NUMBER = { SALES_WHATSAPP: "5511987654321" };
const appWith = (env: Record<string, string>) => {
  const store = fakeLeadStore();
  return { store, app: createApp({ config: loadConfig(env), store, now: () => NEW_YEARS_EVE }) };
};
const withNumber = appWith(NUMBER).app;
const withoutNumber = appWith({}).app;
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
        .map((a) => a.getAttribute("href")!),
  };
}

describe("Sales on WhatsApp (SALES_WHATSAPP set), through the site's own link (decision 069)", () => {
  const brand = loadConfig(NUMBER).page.brandName;
  it.each(LANGS)(
    "%s: the Enterprise button leads to wa.me with the message naming the plan and a code",
    async (lang) => {
      const html = (await request(withNumber).get(landingHref(lang)).expect(200)).text;
      const [href] = hrefsOf(html, t(lang, "plans.enterprise.cta"));
      expect(href).toMatch(/^\/sales\?/);
      const to = await follow(withNumber, href);
      expect(to.location).toMatch(/^https:\/\/wa\.me\/5511987654321\?text=/);
      expect(messageOf(to)).toBe(t(lang, "sales.message", { plan: "Enterprise", brand }));
      expect(to.ref).toBe("SITE");
      expect(to.code).toMatch(/^[A-HJKMNP-Z2-9]{8}$/);
    },
  );

  it.each(LANGS)(
    "%s: the Enterprise question's answer links to sales through the site, as the card does (issue 38)",
    async (lang) => {
      // A segment page with a variant: the answer's link carries the page and variant like the card's.
      const path = "/segmentos/odontologia?v=implante";
      const html = (
        await request(withNumber)
          .get(lang === DEFAULT_LANG ? path : landingHref(lang))
          .expect(200)
      ).text;
      const [card] = hrefsOf(html, t(lang, "plans.enterprise.cta"));
      expect(hrefsOf(html, t(lang, "faq.enterprise.link"))).toEqual([card]);
      const to = await follow(withNumber, card);
      expect(messageOf(to)).toBe(t(lang, "sales.message", { plan: "Enterprise", brand }));
    },
  );

  it.each(LANGS)("%s: the calculator's Enterprise result (no-JS form) leads to sales too", async (lang) => {
    const path = withQuery(landingHref(lang), "leads=12001&interactions=1");
    const html = (await request(withNumber).get(path).expect(200)).text;
    const { output, hrefsOf } = result(html);
    const [href] = hrefsOf(t(lang, "plans.enterprise.cta"));
    expect(messageOf(await follow(withNumber, href))).toBe(t(lang, "sales.message", { plan: "Enterprise", brand }));
    expect(linksTo(output, loadConfig(NUMBER).page.appUrl)).toEqual([]);
  });

  it.each(LANGS)("%s: the footer's 'talk to us on WhatsApp' link sends the general message", async (lang) => {
    const html = (await request(withNumber).get(landingHref(lang))).text;
    const [href] = hrefsOf(html, t(lang, "footer.whatsapp"));
    const to = await follow(withNumber, href);
    expect(new URL(to.location).pathname).toBe("/5511987654321");
    expect(messageOf(to)).toBe(t(lang, "sales.messageGeneral", { brand }));
  });

  it("the calculator island knows the same link for results it computes in the browser", async () => {
    const html = (await request(withNumber).get(landingHref("es"))).text;
    const props = JSON.parse(parsePage(html).document.getElementById("props-calculator")!.textContent!);
    expect(props.salesHref).toBe(hrefsOf(html, t("es", "plans.enterprise.cta"))[0]);
    expect(props.plans.enterprise.cta).toBe(t("es", "plans.enterprise.cta"));
  });

  it("the number appears in no page: only in the redirect", async () => {
    for (const lang of LANGS) expect((await request(withNumber).get(landingHref(lang))).text).not.toContain("wa.me");
  });
});

describe("Sales by e-mail (SALES_WHATSAPP unset): the redirect goes to mailto (Chromium follows it)", () => {
  const config = loadConfig({}).page;
  it.each(LANGS)(
    "%s: Enterprise button and calculator result lead to a mailto with a subject in the language",
    async (lang: Lang) => {
      const subject = t(lang, "sales.subject", { plan: "Enterprise", brand: config.brandName });
      const html = (await request(withoutNumber).get(landingHref(lang))).text;
      const form = (await request(withoutNumber).get(withQuery(landingHref(lang), "leads=1000000&interactions=1000")))
        .text;
      for (const href of [
        ...hrefsOf(html, t(lang, "plans.enterprise.cta")),
        ...result(form).hrefsOf(t(lang, "plans.enterprise.cta")),
      ]) {
        const to = await follow(withoutNumber, href);
        expect(to.location.startsWith(`mailto:${config.contactEmail}?subject=`)).toBe(true);
        expect(messageOf(to)).toBe(subject);
        expect(to.code).not.toBeNull();
      }
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
