import { describe, expect, it } from "vitest";
import { dayOf } from "./dates";

describe("dayOf", () => {
  it("is still 31 December in São Paulo at 23:30 local though UTC has moved to the new year", () => {
    const now = new Date("2027-01-01T02:30:00Z"); // 23:30 on 31 Dec 2026 in São Paulo (UTC−3)
    expect(dayOf(now, "America/Sao_Paulo").today).toEqual({ year: 2026, ptBr: "31/12/2026", iso: "2026-12-31" });
    expect(dayOf(now, "UTC").today).toEqual({ year: 2027, ptBr: "01/01/2027", iso: "2027-01-01" });
  });

  it("writes the date as toLocaleDateString('pt-BR') does", () => {
    const now = new Date("2026-03-05T15:00:00Z");
    expect(dayOf(now, "America/Sao_Paulo").today.ptBr).toBe(
      now.toLocaleDateString("pt-BR", { timeZone: "America/Sao_Paulo" }),
    );
  });

  it("counts the seconds to the next local midnight", () => {
    expect(dayOf(new Date("2027-01-01T02:30:00Z"), "America/Sao_Paulo").secondsLeft).toBe(30 * 60);
    expect(dayOf(new Date("2026-06-01T03:00:00Z"), "America/Sao_Paulo").secondsLeft).toBe(86_400);
  });

  it("counts a 23-hour day where the zone moves its clocks forward", () => {
    // Berlin, 29 March 2026: 00:30 local, clocks jump from 02:00 to 03:00.
    expect(dayOf(new Date("2026-03-28T23:30:00Z"), "Europe/Berlin").secondsLeft).toBe(22.5 * 3600);
  });

  it("within one second gives the same day, and the next second a fresh count", () => {
    const a = dayOf(new Date("2026-06-01T12:00:00.100Z"), "America/Sao_Paulo");
    expect(dayOf(new Date("2026-06-01T12:00:00.900Z"), "America/Sao_Paulo")).toBe(a);
    expect(dayOf(new Date("2026-06-01T12:00:01.500Z"), "America/Sao_Paulo").secondsLeft).toBe(a.secondsLeft - 1);
    expect(dayOf(new Date("2026-06-01T12:00:00.500Z"), "UTC").today.iso).toBe("2026-06-01");
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
