import { describe, expect, it } from "vitest";
import { dayOf, secondsUntilMidnight, today } from "./dates";

describe("today", () => {
  it("is still 31 December in São Paulo at 23:30 local though UTC has moved to the new year", () => {
    const now = new Date("2027-01-01T02:30:00Z"); // 23:30 on 31 Dec 2026 in São Paulo (UTC−3)
    expect(today(now, "America/Sao_Paulo")).toEqual({ year: 2026, ptBr: "31/12/2026", iso: "2026-12-31" });
    expect(today(now, "UTC")).toEqual({ year: 2027, ptBr: "01/01/2027", iso: "2027-01-01" });
  });

  it("writes the date as toLocaleDateString('pt-BR') does", () => {
    const now = new Date("2026-03-05T15:00:00Z");
    expect(today(now, "America/Sao_Paulo").ptBr).toBe(
      now.toLocaleDateString("pt-BR", { timeZone: "America/Sao_Paulo" }),
    );
  });
});

describe("secondsUntilMidnight", () => {
  it("counts to the next local midnight", () => {
    expect(secondsUntilMidnight(new Date("2027-01-01T02:30:00Z"), "America/Sao_Paulo")).toBe(30 * 60);
    expect(secondsUntilMidnight(new Date("2026-06-01T03:00:00Z"), "America/Sao_Paulo")).toBe(86_400);
  });
});

describe("dayOf", () => {
  it("counts only whole seconds certainly left, so nothing is declared fresh past midnight", () => {
    expect(dayOf(new Date("2027-01-01T02:59:57.000Z"), "America/Sao_Paulo").secondsLeft).toBe(3);
    expect(dayOf(new Date("2027-01-01T02:59:57.400Z"), "America/Sao_Paulo").secondsLeft).toBe(2);
    expect(dayOf(new Date("2027-01-01T02:59:59.999Z"), "America/Sao_Paulo").secondsLeft).toBe(0);
    expect(dayOf(new Date("2027-01-01T03:00:00.001Z"), "America/Sao_Paulo")).toMatchObject({
      today: { iso: "2027-01-01" },
      secondsLeft: 86_399,
    });
  });
});
