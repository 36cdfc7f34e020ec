import { describe, expect, it } from "vitest";
import { replacementDelay } from "./cluster";

describe("replacementDelay", () => {
  it("replaces a worker at once, then pauses longer the more die within a minute, up to 30 s", () => {
    expect([1, 2, 3, 4, 5].map(replacementDelay)).toEqual([0, 500, 1000, 2000, 4000]);
    expect(replacementDelay(8)).toBe(30_000);
    expect(replacementDelay(100)).toBe(30_000);
  });
});
