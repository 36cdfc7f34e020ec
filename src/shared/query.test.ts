/**
 * The query read once (src/shared/query.ts): names and values decoded as a form would, a
 * malformed value kept as it came (present and invalid, never blank), a repeated name `null`; and
 * the cache in front of the site keys on exactly the parameters that change a response.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseQuery, queryPairs, RESPONSE_PARAMS, single } from "./query";

describe("parseQuery and single", () => {
  it.each([
    ["v=agenda", "v", "agenda"],
    ["%76=agenda", "v", "agenda"],
    ["leads=1+000&interactions=2", "leads", "1 000"],
    ["leads", "leads", ""],
    ["leads=%ZZ", "leads", "%ZZ"],
    ["leads=%E0%A4%A", "leads", "%E0%A4%A"],
    ["?leads=5", "leads", "5"],
    ["leads=1&leads=2", "leads", null],
    ["utm_source=x", "leads", undefined],
    [null, "v", undefined],
  ])("%s: %s is %s", (raw, name, expected) => expect(single(parseQuery(raw), name)).toBe(expected));

  it("reads at most 4,096 characters", () => {
    expect(single(parseQuery("a=" + "x".repeat(5000) + "&v=agenda"), "v")).toBeUndefined();
  });
});

describe("queryPairs", () => {
  it("keeps each pair as it came, with its name and value decoded or null when malformed", () => {
    expect(queryPairs("utm_source=a%20b&&x=%ZZ&lang")).toEqual([
      { raw: "utm_source=a%20b", name: "utm_source", value: "a b", hasValue: true },
      { raw: "x=%ZZ", name: "x", value: null, hasValue: true },
      { raw: "lang", name: "lang", value: "", hasValue: false },
    ]);
  });
});

describe("RESPONSE_PARAMS", () => {
  it("is the list deploy/varnish.vcl keeps in the cache key, in every rule that names it", () => {
    const vcl = readFileSync(new URL("../../deploy/varnish.vcl", import.meta.url), "utf8");
    const lists = [...vcl.matchAll(/\(\?:((?:[a-z_]+\|)+[a-z_]+)\)/g)].map((m) => m[1].split("|").sort());
    expect(lists.length).toBeGreaterThanOrEqual(2);
    for (const list of lists) expect(list).toEqual([...RESPONSE_PARAMS].sort());
  });
});
