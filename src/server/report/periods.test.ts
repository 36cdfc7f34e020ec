import { describe, expect, it } from "vitest";
import { presetRange, previousRange } from "./periods";
import { countScale } from "./TimeChart";

describe("the report's preset periods", () => {
  // 2026-11-26 is a Thursday.
  it("reads last week as Monday to Sunday and last month as its calendar month", () => {
    expect(presetRange("lastWeek", "2026-11-26")).toEqual({ from: "2026-11-16", to: "2026-11-22" });
    expect(presetRange("lastWeek", "2026-11-23")).toEqual({ from: "2026-11-16", to: "2026-11-22" });
    expect(presetRange("lastWeek", "2026-11-22")).toEqual({ from: "2026-11-09", to: "2026-11-15" });
    expect(presetRange("lastMonth", "2026-03-31")).toEqual({ from: "2026-02-01", to: "2026-02-28" });
    expect(presetRange("last7", "2026-11-26")).toEqual({ from: "2026-11-20", to: "2026-11-26" });
  });

  it("compares a period with the one of the same length just before", () => {
    expect(previousRange("2026-11-16", "2026-11-22")).toEqual({ from: "2026-11-09", to: "2026-11-15" });
  });
});

describe("the time chart's count scale", () => {
  it("puts whole gridlines at a round step, at most four above zero", () => {
    expect(countScale(21)).toEqual({ top: 30, step: 10 });
    expect(countScale(1)).toEqual({ top: 1, step: 1 });
    expect(countScale(7)).toEqual({ top: 8, step: 2 });
    expect(countScale(95)).toEqual({ top: 100, step: 25 });
  });
});
