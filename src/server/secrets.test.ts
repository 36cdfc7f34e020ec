import { describe, expect, it } from "vitest";
import { readSecret, secretWeakness } from "./secrets";

describe("a password or token the operator sets (decision 090)", () => {
  it.each([
    ["aaaaaaaaaaaaaaaa", /different characters/],
    ["abcdefghijklmnop", /run/],
    ["zyxwvutsrqponmlk", /run/],
    ["aaaaaaaaaaaabcdefghijk", /run/],
    ["short-pass", /16 to 1024/],
    ["with a space in it ok", /16 to 1024/],
    ["abababababababab", /different characters/],
  ])("refuses %s", (value, reason) => expect(secretWeakness(value, 16)).toMatch(reason));

  it.each([
    "correct-horse-battery-staple",
    "report-pass-0123456789",
    "3f9a1c7e5b2d8046aa19c3e7f05b2d6c",
    "Vq7/kP2+xR9=mL4#",
  ])("accepts %s", (value) => expect(secretWeakness(value, 16)).toBeNull());

  it("names the variable and the rule in one line, never the value", () => {
    expect(() => readSecret({ LEADS_REPORT_PASSWORD: "aaaaaaaaaaaaaaaa" }, "LEADS_REPORT_PASSWORD", 16)).toThrow(
      /^LEADS_REPORT_PASSWORD must have at least 10 different characters \(e\.g\. openssl rand -hex 16\)$/,
    );
    expect(readSecret({}, "LEADS_REPORT_PASSWORD", 16)).toBeNull();
  });
});
