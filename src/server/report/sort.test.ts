import { describe, expect, it } from "vitest";
import type { ReportRow } from "./model";
import { sortByMetric } from "./sort";

const row = (name: string, leads: number, qualified: number, cost?: number): ReportRow => ({
  key: { content: name },
  leads,
  qualified,
  won: 0,
  value: {},
  cost: cost === undefined ? {} : { BRL: cost },
});

describe("sortByMetric", () => {
  const rows = [row("a", 10, 2, 300), row("b", 8, 4, 200), row("c", 6, 0, 90), row("d", 5, 1), row("e", 4, 4, 200)];
  const names = (list: ReportRow[]) => list.map((r) => r.key.content);

  it("puts the cheapest qualified lead first and rows without one last, ties in their order", () => {
    expect(names(sortByMetric(rows, "costPerQualified"))).toEqual(["b", "e", "a", "c", "d"]);
  });

  it("sorts counts highest first", () => {
    expect(names(sortByMetric(rows, "qualified"))).toEqual(["b", "e", "a", "d", "c"]);
    expect(names(sortByMetric(rows, "cost"))).toEqual(["a", "b", "e", "c", "d"]);
  });
});
