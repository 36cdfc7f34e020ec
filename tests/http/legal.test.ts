/**
 * The privacy page covers what LGPD asks of a controller's notice (art. 7, 9, 18, 19, 20, 33, 41; the
 * list is in decision 016), and the terms name the provider, Brazilian law, the service and its
 * credits, acceptable use, suspension and termination, and how the terms change. Topics are found by
 * their heading id and their catalogue keys, never by one magic word.
 */
import request from "supertest";
import { describe, expect, it } from "vitest";
import { legal } from "../../src/content/catalogue";
import { ATTRIBUTION_KEY } from "../../src/shared/attribution";
import { STORAGE_KEY } from "../../src/shared/languages";
import { CREDITS_PER_MESSAGE } from "../../src/shared/plans";
import { linksTo, parsePage, sectionOf, textOf } from "./dom";
import { LEAKED_KEY, makeApp } from "./helpers";

const ENV = {
  COMPANY_NAME: "XIA Tecnologia Ltda.",
  COMPANY_CNPJ: "11.222.333/0001-81",
  COMPANY_ADDRESS: "Av. Paulista, 1000, sala 10, São Paulo - SP, 01310-100",
  CONTACT_EMAIL: "contato@xia.test",
  DPO_NAME: "Maria Souza",
  DPO_EMAIL: "privacidade@xia.test",
  APP_URL: "https://app.xia.test",
};
const ARGS = {
  brand: "XIA",
  company: ENV.COMPANY_NAME,
  cnpj: ENV.COMPANY_CNPJ,
  address: ENV.COMPANY_ADDRESS,
  email: ENV.CONTACT_EMAIL,
  dpoEmail: ENV.DPO_EMAIL,
  appHost: "app.xia.test",
  credits: CREDITS_PER_MESSAGE,
  storageKey: STORAGE_KEY,
};
const copy = (key: string) => legal(key, ARGS);

async function page(path: string, env: Record<string, string> = ENV) {
  const page = parsePage((await request(makeApp(env)).get(path).expect(200)).text);
  const main = page.getByRole("main");
  /** The heading a topic's links point at (`#id`), of this level. */
  const heading = (id: string, level = 2) => {
    const found = page.getAllByRole("heading", { level }).find((h) => h.id === id);
    expect(found, `h${level} #${id}`).toBeDefined();
    expect(main.contains(found!), `h${level} #${id} in main`).toBe(true);
    return found!;
  };
  /** The text of the section that heading opens (the heading with the subsections under it). */
  const section = (id: string) => {
    const found = page.document.getElementById(id) as HTMLElement;
    expect(found?.matches("h2, h3"), `heading #${id}`).toBe(true);
    return textOf(sectionOf(found));
  };
  /** The targets of the table of contents' links. */
  const toc = [...page.getByRole("navigation", { name: legal("common.tocLabel") }).querySelectorAll("a")].map((a) =>
    a.getAttribute("href")!,
  );
  return { page, main, heading, section, toc };
}

/** Every topic decision 016 lists, by the heading id the page gives it (h2 unless noted). */
const PRIVACY_TOPICS = [
  "controlador", // the controller's identity, address and contact
  "encarregado", // the DPO, art. 41
  "dados", // per kind of data: purpose, legal basis (art. 7), what decides retention
  "controlador-e-operador", // controller and operator roles
  "compartilhamento", // sharing, by category of recipient
  "transferencia-internacional", // art. 33
  "retencao", // what decides how long data is kept
  "direitos", // art. 18
  "criancas", // children
  "dados-sensiveis", // sensitive data
  "seguranca", // security measures
  "navegador", // what the site stores in the browser; no cookies
];
const DATA_KINDS = [
  ["dados-cadastro", "account"],
  ["dados-cobranca", "billing"],
  ["dados-uso", "usage"],
  ["dados-dispositivo", "device"],
  ["dados-conversas", "conversations"],
  ["dados-site", "site"],
] as const;

describe("privacy page (LGPD)", () => {
  it("has a heading with an id for every required topic, each in the table of contents and none empty", async () => {
    const { main, heading, section, toc } = await page("/privacy");
    for (const id of PRIVACY_TOPICS) {
      heading(id);
      expect(toc, id).toContain(`#${id}`);
      expect(section(id).length, id).toBeGreaterThan(40);
    }
    // Every id is unique and every table-of-contents link has its target.
    const ids = [...main.querySelectorAll("[id]")].map((element) => element.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const target of toc) {
      expect(target).toMatch(/^#/);
      expect(ids).toContain(target.slice(1));
    }
  });

  it("gives each kind of data its purpose, its legal basis under art. 7 and what decides how long it is kept", async () => {
    const { section } = await page("/privacy");
    for (const [id, key] of DATA_KINDS) {
      const text = section(id);
      expect(text, id).toContain(copy(`privacy.data.${key}.what`));
      for (const fact of ["purpose", "basis", "retention"]) {
        expect(text, `${id} ${fact}`).toContain(
          `${copy(`privacy.data.${fact}Label`)} ${copy(`privacy.data.${key}.${fact}`)}`,
        );
      }
    }
    // The legal basis is an art. 7 hypothesis, except where the client business (controller) decides it.
    for (const [, key] of DATA_KINDS.filter(([, k]) => k !== "conversations"))
      expect(copy(`privacy.data.${key}.basis`), key).toMatch(/art\. 7º, (I|II|V|VI|IX)\b/);
  });

  it("identifies the controller with name, CNPJ, address and contact, and the DPO with name and e-mail", async () => {
    const { section, main } = await page("/privacy");
    for (const s of [ENV.COMPANY_NAME, ENV.COMPANY_CNPJ, ENV.COMPANY_ADDRESS, ENV.CONTACT_EMAIL])
      expect(section("controlador"), s).toContain(s);
    expect(section("encarregado")).toContain(`${copy("privacy.dpo.nameLabel")} ${ENV.DPO_NAME}`);
    expect(section("encarregado")).toContain(`${copy("privacy.dpo.emailLabel")} ${ENV.DPO_EMAIL}`);
    expect(linksTo(main, `mailto:${ENV.DPO_EMAIL}`)).not.toEqual([]);
  });

  it("without DPO_NAME and DPO_EMAIL names the role and uses CONTACT_EMAIL", async () => {
    const { section } = await page("/privacy", { CONTACT_EMAIL: "contato@xia.test" });
    const text = section("encarregado");
    expect(text).toContain(`${copy("privacy.dpo.nameLabel")} ${copy("privacy.dpo.nameUnset")}`);
    expect(text).toContain(`${copy("privacy.dpo.emailLabel")} contato@xia.test`);
    expect(text).not.toMatch(LEAKED_KEY);
  });

  it("says who receives data, by category (hosting and CDN, WhatsApp/Meta, AI providers, payment), why, and the transfer abroad", async () => {
    const { section } = await page("/privacy");
    for (const recipient of ["hosting", "whatsapp", "ai", "payment", "authorities"])
      expect(section("compartilhamento"), recipient).toContain(copy(`privacy.sharing.${recipient}`));
    expect(section("transferencia-internacional")).toContain(copy("privacy.transfer.text"));
    expect(copy("privacy.transfer.text")).toContain("art. 33");
    expect(section("controlador-e-operador")).toContain(copy("privacy.roles.operator"));
  });

  it("lists every art. 18 right (and art. 20 review), how to exercise them with the DPO, the 15-day answer and the ANPD", async () => {
    const { section, main } = await page("/privacy");
    const rights = section("direitos");
    for (const right of [
      "confirmation",
      "access",
      "correction",
      "anonymisation",
      "portability",
      "deletion",
      "sharing",
      "consentInfo",
      "revoke",
      "opposition",
      "automated",
    ])
      expect(rights, right).toContain(copy(`privacy.rights.${right}`));
    expect(copy("privacy.rights.automated")).toContain("art. 20");
    const how = section("como-exercer");
    expect(how).toContain(copy("privacy.rights.how"));
    expect(copy("privacy.rights.how")).toContain(ENV.DPO_EMAIL);
    expect(how).toContain(copy("privacy.rights.deadline"));
    expect(copy("privacy.rights.deadline")).toMatch(/15 dias.*art\. 19/);
    expect(copy("privacy.rights.deadline")).toContain("art. 18, § 4º");
    expect(section("anpd")).toContain(copy("privacy.anpd.text"));
    // The complaint may go to the ANPD (art. 18, § 1º) or to consumer protection (art. 18, § 8º).
    expect(copy("privacy.anpd.text")).toMatch(/ANPD.*§ 1º.*Procon.*§ 8º/);
    expect(linksTo(main, "https://www.gov.br/anpd")).not.toEqual([]);
  });

  it("covers children, sensitive data, security, retention and changes", async () => {
    const { section } = await page("/privacy");
    expect(section("criancas")).toContain(copy("privacy.children.conversations"));
    expect(section("dados-sensiveis")).toContain(copy("privacy.sensitive.text"));
    const security = section("seguranca");
    for (const key of ["https", "logs", "thirdParty", "platform", "incident"])
      expect(security, key).toContain(copy(`privacy.security.${key}`));
    expect(section("retencao")).toContain(copy("privacy.retention.text"));
    expect(section("alteracoes")).toContain(copy("privacy.changes.text"));
  });

  it("says what the site stores in the browser (xia_lang, the campaign parameters) and that it sets no cookies", async () => {
    const { section } = await page("/privacy");
    const text = section("navegador");
    expect(text).toContain(copy("privacy.browser.intro"));
    expect(text).toContain(`“${STORAGE_KEY}”`);
    expect(text).toContain("localStorage");
    expect(text).toContain("sessionStorage");
    expect(text).toContain(`“${ATTRIBUTION_KEY}”`);
    for (const param of [
      "utm_",
      "gclid",
      "gbraid",
      "wbraid",
      "gad_source",
      "gad_campaignid",
      "fbclid",
      "ttclid",
      "msclkid",
    ])
      expect(text, param).toContain(param);
  });
});

describe("terms page", () => {
  const TERMS_TOPICS = [
    "prestador",
    "servico",
    "planos-e-creditos",
    "uso-aceitavel",
    "suspensao-e-encerramento",
    "alteracoes",
    "privacidade",
    "lei",
  ];

  it("has every topic as a heading in the table of contents", async () => {
    const { heading, toc } = await page("/terms");
    for (const id of TERMS_TOPICS) {
      heading(id);
      expect(toc, id).toContain(`#${id}`);
    }
  });

  it("names the provider with CNPJ and address, the service, the app host and the credits as the plans state them", async () => {
    const { section } = await page("/terms");
    for (const s of [ENV.COMPANY_NAME, ENV.COMPANY_CNPJ, ENV.COMPANY_ADDRESS])
      expect(section("prestador"), s).toContain(s);
    expect(section("servico")).toContain(copy("terms.service.text"));
    expect(copy("terms.service.text")).toContain("app.xia.test");
    expect(section("planos-e-creditos")).toContain(copy("terms.plans.credits"));
    expect(copy("terms.plans.credits")).toContain(`${CREDITS_PER_MESSAGE} créditos`);
    expect(section("planos-e-creditos")).toContain(copy("terms.plans.cancel"));
    // The consumer's 7-day right of withdrawal (CDC art. 49), exercised by writing to the contact e-mail.
    expect(section("planos-e-creditos")).toContain(copy("terms.plans.withdrawal"));
    expect(copy("terms.plans.withdrawal")).toMatch(/7 dias.*art\. 49/);
    expect(copy("terms.plans.withdrawal")).toContain(ENV.CONTACT_EMAIL);
  });

  it("sets acceptable use (WhatsApp's policies, no spam), the grounds for suspension and how the user is told", async () => {
    const { section } = await page("/terms");
    for (const rule of ["whatsapp", "spam", "fraud", "data", "security"])
      expect(section("uso-aceitavel"), rule).toContain(copy(`terms.acceptable.${rule}`));
    const suspension = section("suspensao-e-encerramento");
    for (const ground of ["breach", "damage", "payment", "law"])
      expect(suspension, ground).toContain(copy(`terms.suspension.${ground}`));
    expect(suspension).toContain(copy("terms.suspension.notice"));
    expect(section("alteracoes")).toContain(copy("terms.changes.text"));
    expect(section("privacidade")).toContain(copy("terms.privacy.text"));
    expect(section("lei")).toContain(copy("terms.law.text"));
  });
});
