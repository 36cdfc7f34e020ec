import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  expandBreakpoints,
  joinPartials,
  PAGE_STYLES,
  STYLESHEETS,
  readBreakpoints,
  STYLE_PAGES,
  STYLES_DIR,
  type Breakpoints,
} from "./styles";

const tokens = readFileSync(`${STYLES_DIR}/tokens.css`, "utf8");

describe("breakpoints (decision 037)", () => {
  const breakpoints = readBreakpoints(tokens);

  it("are at most six, written once in tokens.css, and include the header's 768 and 1100 px", () => {
    expect(breakpoints.size).toBeGreaterThan(0);
    expect(breakpoints.size).toBeLessThanOrEqual(6);
    expect([...breakpoints.values()]).toEqual(expect.arrayContaining([768, 1100]));
  });

  it("become plain media queries: a name is that width and wider, below- narrower", () => {
    const bp: Breakpoints = new Map([
      ["md", 768],
      ["xl", 1100],
    ]);
    const css =
      "@custom-media --md (min-width: 768px);\n@media (--md) { a { b: c } }\n@media (--md) and (--below-xl) { a { b: d } }";
    expect(expandBreakpoints(css, bp)).toBe(
      "\n@media (min-width: 768px) { a { b: c } }\n@media (min-width: 768px) and (max-width: 1099.98px) { a { b: d } }",
    );
    expect(expandBreakpoints("@media (prefers-reduced-motion: reduce) { a { b: c } }", bp)).toContain(
      "@media (prefers-reduced-motion: reduce)",
    );
    // A comment that shows a media query is not one.
    expect(expandBreakpoints("/* @media (min-width: 500px) { */ a { b: c }", bp)).toBe(" a { b: c }");
  });

  it("are the only widths a partial may use: another width or an unknown name fails the build", () => {
    expect(() => expandBreakpoints("@media (min-width: 500px) { a { b: c } }", breakpoints)).toThrow(
      /named breakpoint/,
    );
    expect(() => expandBreakpoints("@media (--md) and (max-width: 900px) { a { b: c } }", breakpoints)).toThrow(
      /named breakpoint/,
    );
    expect(() => expandBreakpoints("@media (--huge) { a { b: c } }", breakpoints)).toThrow(/not a breakpoint/);
    expect(() => readBreakpoints("@custom-media --odd (max-width: 500px);")).toThrow(/min-width/);
  });
});

describe("partials", () => {
  const files = readdirSync(STYLES_DIR).filter((f) => f.endsWith(".css"));

  it("are each used by some page, and every partial a page names exists", () => {
    const listed = new Set<string>(Object.values(STYLESHEETS).flat());
    expect(files.map((f) => f.replace(/\.css$/, "")).sort()).toEqual([...listed].sort());
  });

  it("start every page with the tokens and the base", () => {
    for (const page of STYLE_PAGES) expect(PAGE_STYLES[page].slice(0, 2), page).toEqual(["tokens", "base"]);
  });

  it("join into each page's stylesheet with no width left but the named ones", () => {
    for (const page of STYLE_PAGES) {
      const css = joinPartials(page);
      expect(css, page).not.toContain("@custom-media");
      expect(css, page).not.toMatch(/@media[^{]*\(--/);
      const widths = new Set(
        [...css.matchAll(/\((?:min|max)-width: ([\d.]+)px\)/g)].map((m) => Math.ceil(Number(m[1]))),
      );
      for (const width of widths) expect([...readBreakpoints(tokens).values()], `${page}: ${width}`).toContain(width);
    }
  });
});
