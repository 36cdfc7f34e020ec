import { describe, expect, it } from "vitest";
import { calculate, formatCount, parseField, recommend, sanitizeQuery } from "./calculator";

describe("recommend: smallest plan whose credits cover messages × 10", () => {
  it.each([
    // leads, interactions, messages, credits, plan
    [1, 1, 1, 10, "freemium"],
    [70, 1, 70, 700, "freemium"], // exactly 700 credits
    [1, 71, 71, 710, "starter"], // just above 700
    [500, 5, 2_500, 25_000, "pro"], // the placeholder example
    [1_000, 1, 1_000, 10_000, "starter"],
    [5_000, 1, 5_000, 50_000, "pro"],
    [5_001, 1, 5_001, 50_010, "scale"],
    [12_000, 1, 12_000, 120_000, "scale"], // exactly 120,000
    [12_001, 1, 12_001, 120_010, "enterprise"], // just above 120,000
    [1_000_000, 1_000, 1_000_000_000, 10_000_000_000, "enterprise"], // the largest valid input
  ] as const)("%i leads × %i → %i messages, %i credits → %s", (leads, interactions, messages, credits, plan) => {
    expect(recommend(leads, interactions)).toEqual({ messages, credits, plan });
  });
});

describe("parseField", () => {
  it.each([
    ["leads", "500", 500],
    ["leads", " 42 ", 42],
    ["leads", "1", 1],
    ["leads", "1000000", 1_000_000],
    ["interactions", "1000", 1_000],
  ] as const)("%s %j is valid", (field, raw, value) => {
    expect(parseField(field, raw)).toEqual({ ok: true, value });
  });

  it.each([
    ["leads", "0"],
    ["leads", "-5"],
    ["leads", "1000001"],
    ["leads", "99999999999999999999"],
    ["leads", "1e3"],
    ["leads", "2.5"],
    ["leads", "1,000"],
    ["leads", "abc"],
    ["leads", ""],
    ["leads", "NaN"],
    ["leads", "Infinity"],
    ["interactions", "1001"],
    ["interactions", "0x10"],
    ["leads", ["1", "2"]],
    ["leads", undefined],
  ] as const)("%s %j is invalid", (field, raw) => {
    expect(parseField(field, raw)).toEqual({ ok: false });
  });
});

describe("calculate", () => {
  it("shows the placeholder example (500 × 5 → Pro) when nothing was submitted", () => {
    for (const [l, i] of [
      [undefined, undefined],
      ["", ""],
      ["  ", undefined],
    ]) {
      const s = calculate(l, i);
      expect(s.example).toBe(true);
      expect(s.result).toEqual({ messages: 2_500, credits: 25_000, plan: "pro" });
    }
  });

  it("computes submitted values", () => {
    const s = calculate("100", "3");
    expect(s).toMatchObject({ example: false, errors: { leads: false, interactions: false } });
    expect(s.result).toEqual({ messages: 300, credits: 3_000, plan: "starter" });
  });

  it("reads an empty field as its placeholder", () => {
    expect(calculate("100", "").result).toEqual({ messages: 500, credits: 5_000, plan: "starter" });
    expect(calculate(undefined, "1").result).toEqual({ messages: 500, credits: 5_000, plan: "starter" });
  });

  it("flags each invalid field and gives no recommendation", () => {
    expect(calculate("-1", "5")).toMatchObject({ errors: { leads: true, interactions: false }, result: null });
    expect(calculate("10", "0")).toMatchObject({ errors: { leads: false, interactions: true }, result: null });
    expect(calculate("x", "y")).toMatchObject({ errors: { leads: true, interactions: true }, result: null });
    expect(calculate(["1", "2"], "5")).toMatchObject({ errors: { leads: true, interactions: false }, result: null });
  });
});

describe("sanitizeQuery", () => {
  it("keeps valid values, blanks and absences, and replaces invalid ones with null", () => {
    expect(sanitizeQuery({ leads: " 12 ", interactions: "" })).toEqual({ leads: "12", interactions: "" });
    expect(sanitizeQuery({ leads: "<script>", interactions: "2000" })).toEqual({ leads: null, interactions: null });
    expect(sanitizeQuery({ leads: null })).toEqual({ leads: null, interactions: undefined });
  });

  it("keeps what it shows consistent with calculate()", () => {
    const q = sanitizeQuery({ leads: "abc", interactions: "5" });
    expect(calculate(q.leads, q.interactions)).toMatchObject({
      errors: { leads: true, interactions: false },
      result: null,
    });
  });
});

describe("formatCount: a count as each language's page shows it", () => {
  it.each([
    ["pt-BR", 1_234_567, "1.234.567"],
    ["en-US", 1_234_567, "1,234,567"],
    ["es", 1_234_567, "1.234.567"],
    ["es", 2_500, "2500"],
  ] as const)("%s %i → %s, as a new Intl.NumberFormat gives it, every time", (locale, n, text) => {
    expect(formatCount(locale, n)).toBe(text);
    expect(formatCount(locale, n)).toBe(new Intl.NumberFormat(locale).format(n));
  });
});
