import { describe, expect, it } from "vitest";
import { groupId, type CountRow } from "../ledger/leadCounts";
import { foldRows } from "./model";
import { addSpend } from "./spendJoin";

const counts = (campaign: string | null, content: string | null, leads: number, day = "2026-03-02"): CountRow => ({
  key: { campaign, content, day },
  leads,
  qualified: 0,
  won: 0,
  value: {},
});

// Values a hostile or unlucky URL can carry: empty, missing, and ones that look like another tuple's id.
const TRICKY: Array<[string | null, string | null]> = [
  [null, null],
  ["", null],
  [null, ""],
  ["", ""],
  ["a", "b"],
  ["a\u0000", null],
  ["1:a", null],
  ["1:a1:b", null],
  ["ab", ""],
  ["a", "1:b"],
  ['["a"]', null],
];

describe("the group id of a breakdown's row (decision 107)", () => {
  it("is the same only for equal tuples, a missing value apart from an empty one", () => {
    const ids = TRICKY.map(groupId);
    expect(new Set(ids).size).toBe(TRICKY.length);
    expect(groupId([null, "x"])).toBe(groupId([undefined, "x"]));
  });

  it("keeps every distinct campaign and ad a row of its own, adds up equal ones and days into weeks", () => {
    const rows = foldRows(
      [
        ...TRICKY.map(([c, a], i) => counts(c, a, i + 1)),
        counts("a", "b", 100, "2026-03-08"),
        counts("a", "b", 1000, "2026-03-09"),
      ],
      ["campaign", "content", "week"],
    );
    const leads = (c: string | null, a: string | null, week: string) =>
      rows.filter((r) => r.key.campaign === c && r.key.content === a && r.key.week === week).map((r) => r.leads);
    expect(rows).toHaveLength(TRICKY.length + 1);
    expect(leads("a", "b", "2026-03-02")).toEqual([5 + 100]);
    expect(leads("a", "b", "2026-03-09")).toEqual([1000]);
    expect(leads("", null, "2026-03-02")).toEqual([2]);
    expect(leads(null, "", "2026-03-02")).toEqual([3]);
  });

  it("joins spend to the row with its key only, making a row for spend no lead has", () => {
    const rows = foldRows([counts("", null, 1), counts(null, null, 2), counts("1:a", null, 3)], ["campaign"]);
    addSpend(
      rows,
      [
        { campaign: "", currency: "BRL", cost: 10 },
        { campaign: "1:a", currency: "BRL", cost: 5 },
        { campaign: "1:a", currency: "USD", cost: 1 },
        { campaign: "a", currency: "BRL", cost: 7 },
      ],
      ["campaign"],
    );
    expect(rows.map((r) => [r.key.campaign, r.leads, r.cost])).toEqual([
      ["", 1, { BRL: 10 }],
      [null, 2, {}],
      ["1:a", 3, { BRL: 5, USD: 1 }],
      ["a", 0, { BRL: 7 }],
    ]);
  });
});
