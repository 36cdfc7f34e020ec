import { describe, expect, it } from "vitest";
import { CODE_ALPHABET, CODE_LENGTH, isLeadCode, newLeadCode } from "./code";

describe("lead codes", () => {
  it("are 8 symbols from 31 without look-alikes, about 40 bits", () => {
    expect(CODE_ALPHABET).toHaveLength(31);
    expect(CODE_ALPHABET).not.toMatch(/[01OIL]/);
    expect(CODE_LENGTH * Math.log2(CODE_ALPHABET.length)).toBeGreaterThan(39);
  });

  it("are drawn at random and recognised", () => {
    const codes = new Set(Array.from({ length: 2000 }, newLeadCode));
    expect(codes.size).toBe(2000);
    for (const code of codes) expect(isLeadCode(code)).toBe(true);
    for (const bad of ["", "ABCDEFG", "ABCDEFGH2", "abcdefgh", "ABCDEFG0", "ABCDEFG<", "ABCDEFGL"])
      expect(isLeadCode(bad)).toBe(false);
  });
});
