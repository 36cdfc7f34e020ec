/**
 * No source file over 300 lines (issue 35; decision 085): a file that long holds more than one
 * thing, and a reviewer reads it in one sitting or not at all. Every text file git tracks in the
 * source folders counts (code, styles, test fixtures).
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

export const MAX_LINES = 300;
const FOLDERS = ["src", "client", "scripts", "build", "views", "tests"];

/** Files of `folders` (git's list) with more than `max` lines, each as "path: N lines". */
export function overLong(folders: readonly string[], max = MAX_LINES): string[] {
  const files = execFileSync("git", ["ls-files", "-z", "--", ...folders], { encoding: "utf8" })
    .split("\0")
    .filter(Boolean);
  return files.flatMap((file) => {
    const text = readFileSync(file, "utf8");
    const lines = text.split("\n").length - (text.endsWith("\n") ? 1 : 0);
    return lines > max ? [`${file}: ${lines} lines`] : [];
  });
}

describe("source files", () => {
  it(`are at most ${MAX_LINES} lines each`, () => {
    expect(overLong(FOLDERS)).toEqual([]);
  });

  it("the check sees a long file (this one counted against a limit of 20)", () => {
    expect(overLong(["scripts/file-size.test.ts"], 20)).toEqual([
      expect.stringMatching(/^scripts\/file-size\.test\.ts: \d+ lines$/),
    ]);
  });
});
