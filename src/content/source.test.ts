import { describe, expect, it } from "vitest";
import { SEGMENTS, SEGMENT_KEYS } from "./segments";
import { HOME_REF, SOURCE_PARAM, sourceRef, withSourceRef } from "./source";

describe("sourceRef", () => {
  it("is the segment's code, then the variant's code as written", () => {
    expect(sourceRef({ page: "odontology", variant: null })).toBe("ODO");
    expect(sourceRef({ page: "odontology", variant: "implante" })).toBe("ODO-implante");
    expect(sourceRef({ page: "home", variant: "agenda" })).toBe(`${HOME_REF}-agenda`);
  });

  it("is none for the clean landing page", () => expect(sourceRef({ page: "home", variant: null })).toBeNull());

  it("every segment has its own code, in capitals, none the landing page's", () => {
    const refs = SEGMENT_KEYS.map((key) => SEGMENTS[key].ref);
    expect(new Set(refs).size).toBe(SEGMENT_KEYS.length);
    for (const ref of refs) expect(ref).toMatch(/^[A-Z]{2,6}$/);
    expect(refs).not.toContain(HOME_REF);
  });
});

describe("withSourceRef", () => {
  it("adds the one parameter to the application's URL, keeping its path and query", () => {
    expect(withSourceRef("https://app.example.com", "ODO")).toBe(`https://app.example.com/?${SOURCE_PARAM}=ODO`);
    expect(withSourceRef("https://app.example.com/signup?plan=pro", "ODO-implante")).toBe(
      `https://app.example.com/signup?plan=pro&${SOURCE_PARAM}=ODO-implante`,
    );
  });

  it("leaves the URL as configured without a reference", () => {
    expect(withSourceRef("https://app.example.com", null)).toBe("https://app.example.com");
  });
});
