import { describe, expect, it } from "vitest";
import { spendParts, type SpendQuery } from "./spendTotals";

const q = (fromDay: string, toDay: string, byContent = true): SpendQuery => ({
  fromDay,
  toDay,
  bySource: false,
  byCampaign: true,
  byContent,
  byDay: false,
});
const parts = (query: SpendQuery) =>
  spendParts(query).map((p) => `${p.sign > 0 ? "+" : "-"}${p.table} ${p.from}..${p.to}`);

describe("the spend of a period, as parts to add up (decision 115)", () => {
  it("a year from the 27th by ad: the whole months, the first month's 4 days, the last month less its 4 days", () => {
    expect(parts(q("2025-11-27", "2026-11-26"))).toEqual([
      "+spend_months 2025-12..2026-10",
      "+spend 2025-11-27..2025-11-30",
      "+spend_months 2026-11..2026-11",
      "-spend 2026-11-27..2026-11-30",
    ]);
  });

  it("most of one month less the days on both sides; a few days as days; without the ad, days from spend_days", () => {
    expect(parts(q("2026-02-02", "2026-02-27"))).toEqual([
      "+spend_months 2026-02..2026-02",
      "-spend 2026-02-01..2026-02-01",
      "-spend 2026-02-28..2026-02-28",
    ]);
    expect(parts(q("2026-02-10", "2026-02-20"))).toEqual(["+spend 2026-02-10..2026-02-20"]);
    expect(parts(q("2025-11-27", "2026-01-30", false))).toEqual([
      "+spend_months 2025-12..2025-12",
      "+spend_days 2025-11-27..2025-11-30",
      "+spend_days 2026-01-01..2026-01-30",
    ]);
    expect(parts({ ...q("2026-01-01", "2026-03-31"), byDay: true })).toEqual(["+spend 2026-01-01..2026-03-31"]);
  });
});
