/**
 * What the privacy page says for each measurement configuration (decisions 048, 050), read from its
 * outline: which sections and subsections it has, which catalogue keys it uses and with which values.
 * The rendered page is tested in tests/http/legal.test.ts and tests/http/measurement.test.ts.
 */
import { describe, expect, it } from "vitest";
import { ALL_MEASUREMENT_ENV } from "../../../tests/fixtures";
import { loadConfig } from "../../server/config";
import { legal, t } from "../catalogue";
import type { Block, LegalOutline, Part } from "./outline";
import { privacyOutline } from "./privacy";

const outline = (env: Record<string, string> = {}) => privacyOutline(loadConfig(env).page);

/** Every part, depth first. */
const partsOf = (parts: Part[]): Part[] => parts.flatMap((p) => [p, ...partsOf(p.parts ?? [])]);
const part = (o: LegalOutline, id: string) => partsOf(o.parts).find((p) => p.id === id);
const ids = (parts: Part[] | undefined) => (parts ?? []).map((p) => p.id);
const keysOf = (blocks: Block[]) =>
  blocks.flatMap((b) =>
    "list" in b ? b.list : "facts" in b ? b.facts.flatMap((f) => ("key" in f ? [f.key] : [])) : [b.text],
  );
/** Every catalogue key the page shows, titles included. */
const keys = (o: LegalOutline) => partsOf(o.parts).flatMap((p) => [p.title, ...keysOf(p.blocks)]);
const block = (o: LegalOutline, key: string) =>
  partsOf(o.parts)
    .flatMap((p) => p.blocks)
    .find((b) => "text" in b && b.text === key) as Extract<Block, { text: string }> | undefined;

const PLAUSIBLE = { PLAUSIBLE_DOMAIN: "xia.com.br" };
const SELF_HOSTED = { ...PLAUSIBLE, PLAUSIBLE_SCRIPT_URL: "https://stats.xia.com.br/js/script.js" };
const { GA4_ID, GTM_ID, META_PIXEL_ID } = ALL_MEASUREMENT_ENV;

/** The same sections in every configuration, in this order; the measurement one only with a tool. */
const SECTIONS = [
  ...["controlador", "encarregado", "dados", "controlador-e-operador", "compartilhamento"],
  ...["transferencia-internacional", "retencao", "direitos", "criancas", "dados-sensiveis", "seguranca"],
  "navegador",
];
const TAIL = ["alteracoes", "lei"];

describe("the privacy outline by measurement configuration", () => {
  it("none: no measurement section, no cookies, no third party, nothing transferred for measurement", () => {
    const o = outline();
    expect(ids(o.parts)).toEqual([...SECTIONS, ...TAIL]);
    const k = keys(o);
    for (const key of ["privacy.browser.intro", "privacy.browser.control", "privacy.security.thirdParty"])
      expect(k).toContain(key);
    for (const key of ["privacy.sharing.measurement", "privacy.transfer.measurement", "privacy.browser.consent"])
      expect(k).not.toContain(key);
    expect(k.filter((key) => key.startsWith("privacy.measurement.") || key.endsWith("Measured"))).toEqual([]);
    expect(k).not.toContain("privacy.data.site.measured");
  });

  it("only Plausible (its own service): the tool without a consent paragraph or a choice; no cookies; EU transfer", () => {
    const o = outline(PLAUSIBLE);
    expect(ids(o.parts)).toEqual([...SECTIONS, "medicao-e-cookies", ...TAIL]);
    expect(ids(part(o, "medicao-e-cookies")?.parts)).toEqual(["plausible"]);
    expect(keys(o)).not.toContain("privacy.measurement.consent");
    expect(block(o, "privacy.transfer.measurement")?.args).toEqual({ who: "none", plausible: "yes" });
    expect(block(o, "privacy.browser.introMeasured")?.args).toEqual({ cookies: "no", plausible: "yes" });
    expect(block(o, "privacy.browser.controlMeasured")?.args).toEqual({ asks: "no" });
    expect(keys(o)).not.toContain("privacy.browser.consent");
    expect(keys(o)).toEqual(expect.arrayContaining(["privacy.sharing.measurement", "privacy.data.site.measured"]));
    expect(o.args).toMatchObject({ hosted: "yes", host: "plausible.io" });
  });

  it("only Plausible, self-hosted: named by its host, no transfer paragraph", () => {
    const o = outline(SELF_HOSTED);
    expect(ids(part(o, "medicao-e-cookies")?.parts)).toEqual(["plausible"]);
    expect(block(o, "privacy.transfer.measurement")).toBeUndefined();
    expect(o.args).toMatchObject({ hosted: "no", host: "stats.xia.com.br" });
  });

  it.each([
    ["GA4", { GA4_ID }, ["google-analytics"], "google"],
    ["GTM (and its Google Ads tags)", { GTM_ID }, ["google-tag-manager", "google-ads"], "google"],
    ["GA4 and GTM", { GA4_ID, GTM_ID }, ["google-analytics", "google-tag-manager", "google-ads"], "google"],
    ["the Meta Pixel", { META_PIXEL_ID }, ["pixel-da-meta"], "meta"],
    ["GA4 and the Meta Pixel", { GA4_ID, META_PIXEL_ID }, ["google-analytics", "pixel-da-meta"], "both"],
  ])("%s: its tools, then how to change the choice; cookies with consent", (_name, env, tools, who) => {
    const o = outline(env);
    expect(ids(part(o, "medicao-e-cookies")?.parts)).toEqual([...tools, "mudar-a-escolha"]);
    expect(keys(o)).toEqual(expect.arrayContaining(["privacy.measurement.consent", "privacy.browser.consent"]));
    expect(block(o, "privacy.transfer.measurement")?.args).toEqual({ who, plausible: "no" });
    expect(block(o, "privacy.browser.introMeasured")?.args).toEqual({ cookies: "yes", plausible: "no" });
    expect(block(o, "privacy.browser.controlMeasured")?.args).toEqual({ asks: "yes" });
    expect(block(o, "privacy.measurement.choice.text")?.link).toEqual({
      href: "/#cookie-preferences",
      label: "privacy.measurement.choice.link",
    });
  });

  it("all: every tool in a fixed order, Google and Meta abroad, Plausible in the EU", () => {
    const o = outline(ALL_MEASUREMENT_ENV);
    expect(ids(part(o, "medicao-e-cookies")?.parts)).toEqual([
      ...["google-analytics", "google-tag-manager", "google-ads", "pixel-da-meta", "plausible"],
      "mudar-a-escolha",
    ]);
    expect(block(o, "privacy.transfer.measurement")?.args).toEqual({ who: "both", plausible: "yes" });
    expect(block(o, "privacy.browser.introMeasured")?.args).toEqual({ cookies: "yes", plausible: "yes" });
    expect(keys(o)).toContain("privacy.security.thirdPartyMeasured");
    expect(keys(o)).not.toContain("privacy.security.thirdParty");
  });

  it("is pure: the same settings give the same outline", () => {
    expect(outline(ALL_MEASUREMENT_ENV)).toEqual(outline(ALL_MEASUREMENT_ENV));
    expect(outline()).toEqual(privacyOutline({ ...loadConfig({}).page }));
  });
});

describe("the privacy outline's identification", () => {
  const dpo = (o: LegalOutline) => part(o, "encarregado")!.blocks.find((b) => "facts" in b);

  it("names the configured encarregado and the catalogue's role when DPO_NAME is not set", () => {
    expect(dpo(outline({ DPO_NAME: "Maria Souza", DPO_EMAIL: "dpo@xia.test" }))).toEqual({
      facts: [
        { label: "privacy.dpo.nameLabel", value: "Maria Souza" },
        { label: "privacy.dpo.emailLabel", email: "dpo@xia.test" },
      ],
    });
    expect(dpo(outline({ CONTACT_EMAIL: "contato@xia.test" }))).toEqual({
      facts: [
        { label: "privacy.dpo.nameLabel", value: legal("privacy.dpo.nameUnset") },
        { label: "privacy.dpo.emailLabel", email: "contato@xia.test" },
      ],
    });
  });

  it("gives the messages the company data, or the catalogue's placeholders when not set", () => {
    const company = { COMPANY_NAME: "XIA Ltda.", COMPANY_CNPJ: "11.222.333/0001-81", COMPANY_ADDRESS: "Rua A, 1" };
    expect(outline(company).args).toMatchObject({
      company: "XIA Ltda.",
      cnpj: "11.222.333/0001-81",
      address: "Rua A, 1",
    });
    expect(outline().args).toMatchObject({
      company: t("pt", "footer.unset.company"),
      cnpj: t("pt", "footer.unset.cnpj"),
      address: t("pt", "footer.unset.address"),
    });
  });
});

describe("the lead ledger (decision 071)", () => {
  const sales = (o: LegalOutline) => part(o, "dados-vendas")!;
  const facts = (o: LegalOutline) =>
    sales(o).blocks.flatMap((b) => ("facts" in b ? b.facts : [])) as unknown as Array<{
      key: string;
      args: { clicks: string };
    }>;

  it("always describes sales contacts; the click identifiers only with a tool that asks for advertising", () => {
    for (const env of [{}, PLAUSIBLE, { GA4_ID }] as Array<Record<string, string>>) {
      expect(keysOf(sales(outline(env)).blocks)).not.toContain("privacy.data.sales.clicks");
      expect(facts(outline(env)).map((f) => f.args.clicks)).toEqual(["no", "no", "no"]);
    }
    for (const env of [{ META_PIXEL_ID }, { GTM_ID }, ALL_MEASUREMENT_ENV] as Array<Record<string, string>>) {
      expect(keysOf(sales(outline(env)).blocks)).toContain("privacy.data.sales.clicks");
      expect(facts(outline(env)).map((f) => f.args.clicks)).toEqual(["yes", "yes", "yes"]);
    }
  });

  it("names only the click identifiers of a recipient the consent names (decision 079)", () => {
    const ids = (env: Record<string, string>) =>
      sales(outline(env)).blocks.find((b) => "text" in b && b.text === "privacy.data.sales.clicks");
    expect(ids({ META_PIXEL_ID })).toMatchObject({ args: { ids: "meta" } });
    expect(ids({ GTM_ID })).toMatchObject({ args: { ids: "google" } });
    expect(ids(ALL_MEASUREMENT_ENV)).toMatchObject({ args: { ids: "both" } });
    // Google Ads' conversion file without any tag: Google's identifiers, under the same consent.
    expect(
      ids({ GOOGLE_ADS_CONVERSION_WON: "Venda", GOOGLE_ADS_FILE_PASSWORD: "report-pass-0123456789" }),
    ).toMatchObject({
      args: { ids: "google" },
    });
    const meta = legal("privacy.data.sales.clicks", { ids: "meta" });
    expect(meta).toContain("fbclid");
    expect(meta).toContain("Os do Google (gclid, gbraid e wbraid) não são guardados.");
    expect(legal("privacy.data.sales.clicks", { ids: "google" })).toContain("O da Meta (fbclid) não é guardado.");
  });

  it("states LEADS_RETENTION_DAYS, and that the site never receives the name or number", () => {
    const o = outline({ LEADS_RETENTION_DAYS: "90", META_PIXEL_ID });
    expect(o.args.leadDays).toBe(90);
    // Then a count only (decision 083): no click, no code, the day without the time.
    expect(legal("privacy.data.sales.retention", { ...o.args, clicks: "yes" })).toMatch(
      /^90 dias a partir do contato, .* os identificadores de clique e o código são apagados e das datas e horas fica só o dia\. O que resta \(.*campanha e resultado, com o valor\)/,
    );
    expect(legal("privacy.data.sales.retention", { ...o.args, clicks: "no" })).not.toContain("identificadores");
    expect(legal("privacy.data.sales.retention", { ...o.args, clicks: "no" })).toContain(
      "o código é apagado e das datas e horas fica só o dia",
    );
    expect(legal("privacy.data.sales.what", o.args)).toContain("não recebe o seu nome, o seu número de telefone");
  });
});

describe("experiments (issue 37)", () => {
  it("one sentence in the sales contacts' part, only when an experiment is declared", () => {
    const settings = loadConfig({}).page;
    const key = "privacy.data.sales.experiments";
    expect(keys(privacyOutline(settings))).not.toContain(key);
    expect(keysOf(part(privacyOutline({ ...settings, experiments: true }), "dados-vendas")!.blocks)).toContain(key);
    expect(legal(key)).toMatch(
      /duas ou três versões.*sem cookie e sem nenhum identificador.*guardada no registro desse contato.*legítimo interesse.*não mudam preços/,
    );
  });
});
