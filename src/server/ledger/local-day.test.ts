// The offsets a SQLite day expression uses (localDay.ts): found to the minute where the zone changes.
import { describe, expect, it } from "vitest";
import { periodOf } from "../report/model";
import { offsetSpans } from "./localDay";

describe("offsetSpans", () => {
  it("is one span where the zone keeps its offset (São Paulo since 2019)", () => {
    const spans = offsetSpans(new Date("2026-01-01T03:00:00Z"), new Date("2026-12-31T03:00:00Z"), "America/Sao_Paulo");
    expect(spans).toEqual([{ until: null, offset: 180 }]);
  });

  it("ends a span at the minute a zone changes its clocks (New York, 8 March 2026, 02:00 local)", () => {
    const spans = offsetSpans(new Date("2026-03-01T05:00:00Z"), new Date("2026-03-20T04:00:00Z"), "America/New_York");
    expect(spans).toEqual([
      { until: new Date("2026-03-08T07:00:00Z"), offset: 300 },
      { until: null, offset: 240 },
    ]);
  });
});

describe("periodOf", () => {
  it("puts a day in its week (from Monday) and its month", () => {
    expect(periodOf("2026-11-22", "week")).toBe("2026-11-16");
    expect(periodOf("2026-11-23", "week")).toBe("2026-11-23");
    expect(periodOf("2026-11-23", "month")).toBe("2026-11");
  });
});
