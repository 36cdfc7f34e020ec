import { describe, expect, it } from "vitest";
import { daysRun, judge, type ArmCounts } from "./verdict";

const arm = (id: string, arrivals: number, qualified: number, weight = 1): ArmCounts => ({
  id,
  weight,
  arrivals,
  leads: qualified * 2,
  qualified,
  sales: 0,
  value: 0,
});
const phase = (arms: ArmCounts[]) => ({ id: "x", phase: "a1b1-000000", start: "2026-12-01", end: "2026-12-31", arms });

describe("an experiment's status", () => {
  it("counts days run from the start to today or the end, both included", () => {
    expect(daysRun("2026-12-01", "2026-12-31", "2026-11-30")).toBe(0);
    expect(daysRun("2026-12-01", "2026-12-31", "2026-12-14")).toBe(14);
    expect(daysRun("2026-12-01", "2026-12-31", "2027-01-20")).toBe(31);
  });

  it("names the winner only after 14 days, with E ≥ 20 (E 26.5 at 20 against 45)", () => {
    const strong = phase([arm("a", 1000, 20), arm("b", 1000, 45)]);
    expect(judge(strong, "2026-12-13")).toMatchObject({ status: "too-early", winner: null, days: 13 });
    const v = judge(strong, "2026-12-14");
    expect(v).toMatchObject({ status: "winner", winner: "b", ratio: 2.25 });
    expect(v.e).toBeCloseTo(26.5186, 3);
    expect(v.interval[0]).toBeGreaterThan(1);
  });

  it("names the control when the challenger is worse", () => {
    expect(judge(phase([arm("a", 1000, 45), arm("b", 1000, 20)]), "2026-12-20")).toMatchObject({ winner: "a" });
  });

  it("a sample-ratio mismatch suppresses any verdict", () => {
    const v = judge(phase([arm("a", 1200, 20), arm("b", 1000, 45)]), "2026-12-20");
    expect(v.status).toBe("srm");
    expect(v.srm_p).toBeLessThan(0.001);
    expect(v.winner).toBeNull();
  });

  it("no crossing: collecting, then no detectable difference; ended: awaiting outcomes for 60 days", () => {
    const even = phase([arm("a", 1000, 20), arm("b", 1000, 22)]);
    expect(judge(even, "2026-12-05").status).toBe("collecting");
    expect(judge(even, "2026-12-20").status).toBe("no-difference");
    expect(judge(even, "2027-01-05").status).toBe("awaiting-outcomes");
    expect(judge(even, "2027-03-02").status).toBe("no-difference");
  });

  it("with two challengers the bar is E ≥ 40 (Bonferroni)", () => {
    const v = judge(phase([arm("a", 1000, 20), arm("b", 1000, 45), arm("c", 1000, 20)]), "2026-12-20");
    expect(v.e).toBeCloseTo(26.5186, 3);
    expect(v.status).toBe("no-difference");
    expect(v.comparisons.map((c) => c.arm)).toEqual(["b", "c"]);
  });
});
