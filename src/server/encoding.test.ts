import { describe, expect, it } from "vitest";
import { chooseEncoding } from "./encoding";

describe("chooseEncoding", () => {
  it.each([
    [undefined, "identity"],
    ["", "identity"],
    ["br", "br"],
    ["gzip, deflate, br", "br"],
    ["gzip, deflate, br, zstd", "br"],
    ["gzip", "gzip"],
    ["gzip;q=1, br;q=0.5", "gzip"],
    ["br;q=0, gzip", "gzip"],
    ["br;q=0, gzip;q=0", "identity"],
    ["*", "br"],
    ["*;q=0, gzip", "gzip"],
    ["identity", "identity"],
    ["deflate", "identity"],
    ["br;q=abc, gzip", "gzip"],
    [",,;;,;q=", "identity"],
    ["BR", "br"],
  ] as const)("%j → %s", (header, expected) => expect(chooseEncoding(header)).toBe(expected));
});
