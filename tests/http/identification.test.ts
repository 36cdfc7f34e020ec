/**
 * Every page's footer says who provides the site (Decreto 7.962/2013, art. 2): company name, CNPJ
 * and address, labelled in the page's language: the landing and 404 pages in pt, en and es, the
 * Portuguese legal pages, and the error pages.
 */
import request from "supertest";
import { describe, expect, it } from "vitest";
import { LEGAL_LANG, t } from "../../src/content/catalogue";
import { DEFAULT_LANG, LANGS, landingHref, type Lang } from "../../src/shared/languages";
import { parsePage, textOf } from "./dom";
import { makeApp } from "./helpers";

const COMPANY = {
  COMPANY_NAME: "XIA Tecnologia & Vendas Ltda.",
  COMPANY_CNPJ: "11.222.333/0001-81",
  COMPANY_ADDRESS: "Rua Augusta, 500, conj. 12, São Paulo - SP, 01305-000",
};

const notFound = (lang: Lang) => `${landingHref(lang).replace(/\/$/, "")}/nao-existe`;

const PAGES: Array<[path: string, lang: Lang, status: number]> = [
  ...LANGS.map((lang): [string, Lang, number] => [landingHref(lang), lang, 200]),
  ["/privacy", LEGAL_LANG, 200],
  ["/terms", LEGAL_LANG, 200],
  ...LANGS.map((lang): [string, Lang, number] => [notFound(lang), lang, 404]),
  ["/%E0%A4%A", DEFAULT_LANG, 400],
];

/** The visible text of the page's footer (its one contentinfo landmark). */
async function footerText(app: ReturnType<typeof makeApp>, path: string, status: number) {
  const res = await request(app).get(path).expect(status);
  return textOf(parsePage(res.text).getByRole("contentinfo"));
}

describe("identification in every page's footer", () => {
  const app = makeApp(COMPANY);

  it.each(PAGES)(
    "%s (%s) shows company name, CNPJ and address with the language's labels",
    async (path, lang, status) => {
      const line = t(lang, "footer.identification", {
        company: COMPANY.COMPANY_NAME,
        cnpj: COMPANY.COMPANY_CNPJ,
        address: COMPANY.COMPANY_ADDRESS,
      });
      expect(await footerText(app, path, status)).toContain(line);
    },
  );

  it.each(PAGES)(
    "%s (%s) shows the marked placeholders while the company data is not configured",
    async (path, lang, status) => {
      const text = await footerText(makeApp(), path, status);
      for (const unset of ["company", "cnpj", "address"]) {
        const placeholder = t(lang, `footer.unset.${unset}`);
        expect(placeholder).toMatch(/^\[.+\]$/);
        expect(text, placeholder).toContain(placeholder);
      }
    },
  );

  it("escapes the configured values like any other text", async () => {
    const res = await request(app).get("/").expect(200);
    // Bytes: the ampersand is written as a character reference.
    expect(res.text).toContain("XIA Tecnologia &amp; Vendas Ltda.");
  });
});
