/**
 * Claims (issue 30, docs/copy.md "Claims rules"): every catalogue passes the claims check of
 * scripts/claims.ts, phrases a reviewer would strike allowed only from the reviewed allow-list
 * (`locales/claims-allow.json`); every paid-feature block names the paid plans and credits; the
 * check itself catches what it is for.
 */
import { describe, expect, it } from "vitest";
import { CATALOGUES } from "../src/content/catalogue";
import { PAID_FEATURES } from "../src/content/features";
import { SEGMENTS, SEGMENT_KEYS, type Segment } from "../src/content/segments";
import { LANGS, type Lang } from "../src/shared/languages";
import { allowList, check, describeFinding, findingsIn } from "./claims";

/** The languages the check holds: every one (issue 30), from the language table (decision 060). */
const CHECKED: Lang[] = [...LANGS];

/** The glossary's words: the paid plans, credits, and what "paid plans" is never called. */
const PAID: Record<Lang, { plans: RegExp; credits: RegExp; not: RegExp }> = {
  pt: { plans: /planos pagos/, credits: /créditos/, not: /a partir do Starter/i },
  en: { plans: /paid plans/, credits: /credits/, not: /(from|on) (the )?Starter (plan )?(up|and up|upward)/i },
  es: { plans: /planes de pago/, credits: /créditos/, not: /(desde|a partir de)l? (plan )?Starter/i },
};

describe.each(CHECKED)("%s", (lang) => {
  it("no claim a reviewer would strike: absolutes, guarantees, unsourced figures, features the product lacks", () => {
    const { findings, stale } = check(lang);
    expect(findings.map(describeFinding), "not on locales/claims-allow.json").toEqual([]);
    expect(stale, "allow-list entries that match nothing any more: remove them").toEqual([]);
  });

  it("every allow-list entry says why", () => {
    for (const entry of allowList()[lang]) expect(entry.why.length, entry.key).toBeGreaterThan(20);
  });

  it("every paid-feature block and card says it is on the paid plans and that AI messages use credits", () => {
    const c = CATALOGUES[lang];
    const texts = [
      ...[...PAID_FEATURES].map((f) => `features.${f}.description`),
      ...SEGMENT_KEYS.flatMap((key) =>
        SEGMENTS[key].blocks.filter((f) => PAID_FEATURES.has(f)).map((f) => `seg.${key}.block.${f}.text`),
      ),
    ];
    expect(texts.length).toBeGreaterThan(PAID_FEATURES.size);
    const { plans, credits, not } = PAID[lang];
    const missing = texts.filter((key) => !plans.test(c[key]) || !credits.test(c[key]) || not.test(c[key]));
    expect(missing).toEqual([]);
  });

  it("the sensitive-data pages carry the sentence on AI model providers, linking the privacy page", () => {
    expect(CATALOGUES[lang]["segment.aiProviders"]).toContain("{privacy}");
    for (const key of SEGMENT_KEYS) {
      const id = (SEGMENTS[key] as Segment).dataFaq;
      if (id) expect(SEGMENTS[key].faqs as readonly string[], key).toContain(id);
    }
  });

  it("the segment questions do not all open the same way (a bare “No.” at most three times)", () => {
    const answers = Object.entries(CATALOGUES[lang]).filter(([k]) => /^seg\.\w+\.faq\.\w+\.a$/.test(k));
    const bare = answers.filter(([, a]) => /^(Não|No)\.\s/.test(a)).map(([k]) => k);
    expect(bare.length, bare.join(", ")).toBeLessThanOrEqual(3);
  });
});

describe("the check catches what it is for", () => {
  const rules = (lang: Lang, text: string, key = "seg.x.block.y.text") =>
    findingsIn(lang, key, text).map((f) => `${f.rule}:${f.phrase}`);

  it("absolutes and guarantees about the AI, in each language", () => {
    expect(rules("pt", "A IA nunca erra e sempre responde.")).toEqual(["absolute:nunca", "absolute:sempre"]);
    expect(rules("pt", "Garantimos mais vendas.")).toEqual(["guarantee:Garantimos"]);
    expect(rules("en", "It never diagnoses and always answers; guaranteed.")).toEqual([
      "absolute:never",
      "absolute:always",
      "guarantee:guaranteed",
    ]);
    expect(rules("es", "Jamás falla; garantiza el resultado.")).toEqual(["absolute:Jamás", "guarantee:garantiza"]);
  });

  it("figures without a source: percentages, multipliers, customer counts, seconds", () => {
    expect(rules("pt", "Venda 3x mais, 40% menos custo, 500 empresas, resposta em segundos.")).toEqual([
      "figure:3x",
      "figure:40%",
      "figure:500 empresas",
      "figure:em segundos",
    ]);
    expect(rules("pt", "Sábado às 10h, 6 m², R$ 112,00.")).toEqual([]);
  });

  it("capabilities the product lacks, unless the sentence denies or asks; coming-soon features off their card", () => {
    expect(rules("pt", "Mando um lembrete na véspera.")).toEqual(["not-a-feature:lembrete"]);
    expect(rules("pt", "A IA não consulta o estoque. Tem integração com o seu ERP.")).toEqual([
      "not-a-feature:integração",
      "not-a-feature:ERP",
    ]);
    expect(rules("pt", "A IA sabe o que tenho em estoque?")).toEqual([]);
    // The privacy page names the business's CRM the site reports to: a data flow, not a feature.
    expect(rules("pt", "Enviamos o resultado ao seu CRM.", "legal:privacy.x")).toEqual([]);
    expect(rules("en", "We send reminders.")).toEqual(["not-a-feature:reminders"]);
    expect(rules("es", "Enviamos recordatorios.")).toEqual(["not-a-feature:recordatorios"]);
    expect(rules("pt", "Dispare com o pixel de anúncios.")).toEqual(["not-a-feature:pixel"]);
    expect(rules("pt", "Pixel de anúncios (em breve)", "plans.pixelsSoon")).toEqual([]);
  });

  it("markets (decision 062): no US-regulated scene in English, no voseo in Spanish", () => {
    expect(rules("en", "Send your EIN letter; self-pay patients in California are HIPAA-covered.")).toEqual([
      "market:EIN",
      "market:self-pay",
      "market:California",
      "market:HIPAA",
    ]);
    expect(rules("es", "¿Querés turno? Escribí acá.")).toEqual(["market:Querés", "market:Escribí"]);
    expect(rules("es", "¿Quieres una cita? Escríbenos.")).toEqual([]);
  });

  it("“no contract” only in the hero's slogan: the Terms are a contract, there is no lock-in (issue 38)", () => {
    expect(rules("pt", "Sem contrato: cancele quando quiser.", "faq.contract.a")).toEqual(["contract:Sem contrato"]);
    expect(rules("pt", "Sem contrato, cancele quando quiser.", "hero.subtitle")).toEqual([]);
    expect(rules("pt", "Não há contrato de fidelidade.", "faq.contract.a")).toEqual([]);
    expect(rules("en", "Start free, no contract.", "meta.description")).toEqual(["contract:no contract"]);
    expect(rules("es", "No hay contrato: cancela cuando quieras.", "faq.contract.a")).toEqual([
      "contract:No hay contrato",
    ]);
  });

  it("what the AI cannot know, said as fact: the right moment, size or person, a human voice (issue 38)", () => {
    expect(rules("pt", "A IA retoma no momento certo, quantas vezes for preciso, e conversa como gente.")).toEqual([
      "unknowable:no momento certo",
      "unknowable:quantas vezes for preciso",
      "unknowable:como gente",
    ]);
    expect(rules("en", "It follows up at the right moment with the right size, like a person.")).toEqual([
      "unknowable:at the right moment",
      "unknowable:the right size",
      "unknowable:like a person",
    ]);
    expect(rules("es", "Retoma en el momento justo y sugiere la talla justa.")).toEqual([
      "unknowable:en el momento justo",
      "unknowable:talla justa",
    ]);
    expect(rules("pt", "A IA retoma no prazo que você definir.")).toEqual([]);
  });

  it("follow-up and proactive engagement go to who accepted them, within WhatsApp's rules (issue 38)", () => {
    const key = "seg.gym.block.proactive_engagement.text";
    expect(rules("pt", "A IA puxa conversa com quem demonstrou interesse.", key).map((r) => r.split(":")[0])).toEqual([
      "opt-in",
    ]);
    expect(rules("pt", "A IA escreve a quem aceitou receber mensagens.", key)).toEqual([]);
    expect(
      rules("en", "The AI reaches out to people who showed interest.", "features.follow_up.description"),
    ).toHaveLength(1);
    expect(rules("en", "Within WhatsApp's rules, the AI checks back in.", "features.follow_up.description")).toEqual(
      [],
    );
    expect(
      rules("es", "La IA le escribe a quien mostró interés.", "features.proactive_engagement.description"),
    ).toHaveLength(1);
    // Only those cards and blocks: a chat line is not held to it.
    expect(rules("pt", "A IA puxa conversa com quem demonstrou interesse.", "seg.gym.chat.done")).toEqual([]);
  });

  it("a hero subtitle or a sample chat's status line names the condition of the messages it announces (issue 38)", () => {
    expect(rules("pt", "Follow-up ativado para este lead", "seg.education.chat.note")).toEqual(["opt-in:Follow-up"]);
    expect(rules("pt", "Follow-up após o “sim” do lead", "seg.education.chat.note")).toEqual([]);
    expect(rules("en", "Quiet shoppers get a follow-up.", "seg.iphone_store.subtitle")).toEqual(["opt-in:follow-up"]);
    expect(rules("en", "Paid plans add follow-ups within WhatsApp's rules.", "seg.iphone_store.subtitle")).toEqual([]);
    expect(rules("es", "Seguimiento activado para este lead", "seg.education.chat.note")).toEqual([
      "opt-in:Seguimiento",
    ]);
    expect(rules("es", "Seguimiento solo si aceptan", "seg.tourism.chat.note")).toEqual([]);
    // Someone else writing to the business is not a message the business starts.
    expect(rules("es", "Las constructoras le escriben a tu planta.", "seg.industry.subtitle")).toEqual([]);
  });

  it("an allowed phrase passes only in its key; an entry that matches nothing is reported", () => {
    const { findings, stale } = check("pt", [
      { key: "seg.iphone_store.chat.lead", phrase: "84%", why: "x" },
      { key: "seg.nowhere", phrase: "nunca", why: "x" },
    ]);
    expect(findings.some((f) => f.key === "seg.iphone_store.chat.lead")).toBe(false);
    expect(stale.map((a) => a.key)).toEqual(["seg.nowhere"]);
  });
});
