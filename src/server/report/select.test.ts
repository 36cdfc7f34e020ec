import { describe, expect, it } from "vitest";
import { topRows, type Money, type ReportRow } from "./model";
import { firstOf } from "./select";
import { firstByMetric, METRICS, sortByMetric } from "./sort";

/** A fixed pseudo-random sequence (the same rows at every run). */
function random(seed: number) {
  return (max: number) => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed % max;
  };
}

/** Rows with many ties: few distinct counts, costs missing, 0 or in two currencies. */
function rows(count: number, seed: number): ReportRow[] {
  const r = random(seed);
  return Array.from({ length: count }, (_, i) => {
    const leads = r(4);
    const qualified = Math.min(leads, r(3));
    const won = Math.min(qualified, r(2));
    const cost: Money = [{}, { BRL: 0 }, { BRL: r(5) * 10 }, { BRL: 10, USD: r(3) }][r(4)];
    const value: Money = won ? { BRL: r(3) * 100 } : {};
    return { key: { content: `ad ${i}` }, leads, qualified, won, value, cost };
  });
}
const names = (list: readonly ReportRow[]) => list.map((row) => row.key.content);

describe("the first rows of an order without sorting them all (decision 115)", () => {
  it("firstOf is sort then slice, stable, for any n", () => {
    const r = random(7);
    const items = Array.from({ length: 500 }, (_, i) => ({ i, v: r(6) }));
    const compare = (a: { v: number }, b: { v: number }) => b.v - a.v;
    for (const n of [0, 1, 5, 100, 499, 500, 800])
      expect(firstOf(items, n, compare)).toEqual([...items].sort(compare).slice(0, n));
  });

  it("the table's 100 rows of every sort are the first 100 of that sort over all the rows", () => {
    for (const seed of [1, 2, 3]) {
      const all = rows(700, seed);
      for (const m of METRICS)
        expect(names(firstByMetric(all, m, 100)), `${m} ${seed}`).toEqual(names(sortByMetric(all, m).slice(0, 100)));
    }
  });

  it("the default table keeps the rows with most leads, then most cost, in the rows' order", () => {
    for (const seed of [1, 2, 3]) {
      const all = rows(700, seed);
      const spent = (row: ReportRow) => Object.values(row.cost).reduce((a, b) => a + b, 0);
      const kept = new Set([...all].sort((a, b) => b.leads - a.leads || spent(b) - spent(a)).slice(0, 100));
      expect(names(topRows(all, 100))).toEqual(names(all.filter((row) => kept.has(row))));
    }
    expect(topRows(rows(50, 4), 100)).toHaveLength(50);
  });
});
