import { describe, expect, it } from "vitest";
import { LANGS } from "../shared/languages";
import { loadConfig } from "../server/config";
import { t } from "./catalogue";
import { salesHref, salesLink, salesTarget, segmentSalesHref, whatsappHref } from "./sales";
import { sourceFromRef, sourceRef } from "./source";
import { SEGMENT_KEYS, SEGMENTS, segmentPath } from "./segments";

const withNumber = loadConfig({ SALES_WHATSAPP: "+55 11 98765-4321", BRAND_NAME: "Vendebot" }).page;
const withoutNumber = loadConfig({ CONTACT_EMAIL: "vendas@xia.test", BRAND_NAME: "Vendebot" }).page;
const HOME = { page: "home" as const, variant: null };
const textOf = (href: string) => new URL(href).searchParams.get("text");
const subjectOf = (href: string) => decodeURIComponent(href.slice(href.indexOf("subject=") + 8));

describe("the links pages carry (decision 069): same origin, the same for every visitor", () => {
  it("name the page by its path, its variant, the plan or the footer", () => {
    expect(salesHref(withNumber, "pt", "enterprise")).toBe("/sales?page=/&plan=enterprise");
    expect(salesHref(withNumber, "en", "enterprise", "SITE-agenda")).toBe("/sales?page=/en&v=agenda&plan=enterprise");
    expect(segmentSalesHref("es", "ODO-blanqueamiento")).toBe(
      `/sales?page=${segmentPath("es", "odontology")}&v=blanqueamiento`,
    );
    expect(whatsappHref(withNumber, "pt", "ACAD")).toBe(`/sales?page=${segmentPath("pt", "gym")}&link=footer`);
  });

  it("never point at wa.me, mailto or the application, and no footer link without SALES_WHATSAPP", () => {
    for (const config of [withNumber, withoutNumber])
      for (const lang of LANGS) expect(salesHref(config, lang, "enterprise")).toMatch(/^\/sales\?/);
    expect(whatsappHref(withoutNumber, "pt")).toBeNull();
  });

  it("sourceFromRef is sourceRef's inverse for every segment and the landing page", () => {
    for (const key of SEGMENT_KEYS) {
      expect(sourceFromRef(sourceRef({ page: key, variant: null }))).toEqual({ page: key, variant: null });
      expect(sourceFromRef(`${SEGMENTS[key].ref}-a-b`)).toEqual({ page: key, variant: "a-b" });
    }
    expect(sourceFromRef(null)).toEqual(HOME);
    expect(sourceFromRef("SITE-x")).toEqual({ page: "home", variant: "x" });
    expect(sourceFromRef("NOPE")).toBeNull();
    expect(salesLink("pt", "NOPE", { page: true })).toBe("/sales?page=/");
  });
});

describe("salesTarget: where the redirect sends the visitor", () => {
  it.each(LANGS)("%s: wa.me with the plan's message, the reference and the code", (lang) => {
    const href = salesTarget(withNumber, lang, { plan: "Enterprise" }, HOME, "K7M2X9QP");
    expect(href.startsWith("https://wa.me/5511987654321?text=")).toBe(true);
    expect(textOf(href)).toBe(
      t(lang, "sales.message", { plan: "Enterprise", brand: "Vendebot" }) + "\n\nref: SITE #K7M2X9QP",
    );
  });

  it.each(LANGS)("%s: the segment's message names it; the general one names nothing", (lang) => {
    const source = { page: "odontology" as const, variant: "implante" };
    const segment = t(lang, "industries.odontology");
    expect(textOf(salesTarget(withNumber, lang, { segment: "odontology" }, source, "ABCDEFGH"))).toBe(
      t(lang, "source.whatsappMessage", { segment, brand: "Vendebot" }) + "\n\nref: ODO-implante #ABCDEFGH",
    );
    expect(textOf(salesTarget(withNumber, lang, { general: true }, source, null))).toBe(
      t(lang, "sales.messageGeneral", { brand: "Vendebot" }) + "\n\nref: ODO-implante",
    );
  });

  it.each(LANGS)("%s: without SALES_WHATSAPP, a mailto whose subject ends with the reference and code", (lang) => {
    const href = salesTarget(withoutNumber, lang, { plan: "Enterprise" }, HOME, "ABCDEFGH");
    expect(href.startsWith("mailto:vendas@xia.test?subject=")).toBe(true);
    expect(subjectOf(href)).toBe(
      t(lang, "sales.subject", { plan: "Enterprise", brand: "Vendebot" }) + " | ref: SITE #ABCDEFGH",
    );
    const segment = salesTarget(
      withoutNumber,
      lang,
      { segment: "bars_restaurants" },
      { page: "bars_restaurants", variant: null },
      null,
    );
    expect(subjectOf(segment)).toBe(
      t(lang, "source.emailSubject", { segment: t(lang, "industries.bars_restaurants"), brand: "Vendebot" }) +
        " | ref: BAR",
    );
  });

  it("percent-encodes the text and the subject so that the reference and code arrive whole", () => {
    const wa = salesTarget(
      withNumber,
      "es",
      { segment: "bars_restaurants" },
      { page: "bars_restaurants", variant: "happy-hour" },
      "ABCDEFGH",
    );
    expect(wa).toContain("%0A%0Aref%3A%20BAR-happy-hour%20%23ABCDEFGH");
    expect(wa).not.toMatch(/[ \n#]/);
    const mail = salesTarget(
      withoutNumber,
      "pt",
      { segment: "bars_restaurants" },
      { page: "bars_restaurants", variant: null },
      "ABCDEFGH",
    );
    expect(mail).toMatch(/%7C%20ref%3A%20BAR%20%23ABCDEFGH$/);
    expect(mail).not.toMatch(/[ |#]/);
  });
});
