/**
 * The segment pages are distinct (issue 25 item 5): the check of scripts/distinctness.tsx with its
 * limits, in every language, and the check itself catches what it is for.
 */
import { describe, expect, it } from "vitest";
import { LANGS } from "../src/shared/languages";
import { MAX_SHARE, MIN_UNIQUE_BLOCKS, problems, report, sharedShare } from "./distinctness";

describe("segment pages, per language", () => {
  it.each(LANGS)(
    `%s: every segment's copy is written, no pair shares ${MAX_SHARE * 100}% of its own text, each page has ${MIN_UNIQUE_BLOCKS} blocks of its own`,
    (lang) => {
      const r = report(lang);
      expect(problems(r), `worst pair: ${r.worst.a} / ${r.worst.b}`).toEqual([]);
    },
  );
});

describe("the measure", () => {
  const dental = ["Agende a limpeza pelo WhatsApp", "A IA entende o áudio do paciente e oferece dois horários."];
  const gym = ["Aula experimental marcada no WhatsApp", "A recepção recebe o aluno já qualificado."];
  it("counts sentences reused for another trade, not common words", () => {
    expect(sharedShare(dental, gym)).toBe(0);
    const template = (trade: string) => [`A {brand} responde os seus clientes de ${trade} a qualquer hora do dia`];
    expect(sharedShare(template("odontologia"), template("academia"))).toBeGreaterThan(MAX_SHARE);
  });

  it("a page with copy missing fails, naming the keys", () => {
    const r = { ...report("pt"), missing: ["seg.gym.title"] };
    expect(problems(r).join()).toMatch(/1 segment copy keys missing, e.g. seg\.gym\.title/);
  });
});
