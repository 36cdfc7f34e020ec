/**
 * Docs that cannot drift (issue 24 item 7): what the guides name exists, the testing guide's
 * behaviour table names every test file, test files follow the naming rule, and the decision
 * index agrees with the records (each record's status, and a record that is superseded is named
 * by the record that supersedes it).
 */
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { basename } from "node:path";
import { describe, expect, it } from "vitest";

const read = (path: string) => readFileSync(path, "utf8");
const tracked = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard"], { encoding: "utf8" })
  .split("\n")
  .filter(Boolean);
const GUIDES = [
  "README.md",
  "SECURITY.md",
  ...readdirSync("docs")
    .filter((f) => f.endsWith(".md"))
    .map((f) => `docs/${f}`),
];
const ROOTS = /^(src|client|tests|scripts|views|docs|locales|deploy|build|public|\.ci)\//;
const TOP = /^[\w.-]+\.(ts|mjs|js|json|md|vcl)$|^Procfile$/;

/** Every `code span` and link target in a guide that looks like a path in this repository. */
function pathsNamed(text: string): string[] {
  const spans = [...text.matchAll(/`([^`\n]+)`/g), ...text.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)].map((m) => m[1]);
  return spans
    .map((s) => s.replace(/^\.\.?\//, "").replace(/[:,]$/, ""))
    .filter((s) => (ROOTS.test(s) || TOP.test(s)) && !/[<>*{}…\s]|NNN|\$/.test(s) && !/^https?:/.test(s));
}

describe("the guides", () => {
  it.each(GUIDES)("%s names only files and folders that exist", (guide) => {
    const base = guide.startsWith("docs/") ? "docs/" : "";
    // A bare file name ("Files are in src/server/ unless said otherwise") must be some file's name.
    const exists = (p: string) =>
      existsSync(p) || existsSync(base + p) || (!p.includes("/") && tracked.some((f) => basename(f) === p));
    const missing = pathsNamed(read(guide)).filter((p) => !exists(p));
    expect(missing).toEqual([]);
  });

  it("docs/testing.md's behaviour table names every test file", () => {
    const guide = read("docs/testing.md");
    const tests = tracked.filter((f) => /\.test\.tsx?$/.test(f));
    expect(tests.length).toBeGreaterThan(40);
    expect(tests.filter((f) => !guide.includes(f) && !guide.includes(basename(f)))).toEqual([]);
  });

  it("every test file and test helper is named in kebab-case (decision 036)", () => {
    const files = tracked.filter((f) => /\.test\.tsx?$/.test(f) || /^tests\/.*\.(ts|mjs)$/.test(f));
    expect(files.filter((f) => !/^[a-z0-9]+(-[a-z0-9]+)*(\.test)?\.(tsx?|mjs)$/.test(basename(f)))).toEqual([]);
  });
});

describe("the decision records", () => {
  const dir = "docs/decisions";
  const records = readdirSync(dir)
    .filter((f) => /^\d{3}-.*\.md$/.test(f))
    .map((file) => ({ file, n: file.slice(0, 3), text: read(`${dir}/${file}`).replace(/\s+/g, " ") }));
  const index = read(`${dir}/README.md`);
  const statusOf = (text: string) => text.slice(text.lastIndexOf(" Status:") + 1);
  const supersededBy = (status: string) => new Set([...status.matchAll(/\bby (\d{3})\b/g)].map((m) => m[1]));

  it("every record has a status line and a row in the index, and the index names no missing record", () => {
    for (const r of records) {
      expect(r.text, r.file).toMatch(/ Status: \w/);
      expect(index, r.file).toContain(`[${r.n}](${r.file})`);
    }
    const linked = [...index.matchAll(/\]\((\d{3}-[^)]+\.md)\)/g)].map((m) => m[1]);
    expect(linked.filter((f) => !records.some((r) => r.file === f))).toEqual([]);
  });

  it.each(records.map((r) => [r.n, r] as const))("%s: the index row's status says what the record's does", (_n, r) => {
    const row = index.split("\n").find((line) => line.startsWith(`| [${r.n}]`))!;
    const rowStatus = row.split("|").at(-2)!.trim();
    const own = statusOf(r.text);
    expect(rowStatus.split(/[;,( ]/)[0], r.file).toBe(own.replace(/^Status: /, "").split(/[;,.( ]/)[0]);
    expect([...supersededBy(rowStatus)].sort(), r.file).toEqual([...supersededBy(own)].sort());
  });

  it.each(records.map((r) => [r.n, r] as const))("%s: every record that supersedes it names it", (_n, r) => {
    for (const by of supersededBy(statusOf(r.text))) {
      const later = records.find((x) => x.n === by);
      expect(later, `${r.file} is superseded by ${by}, which does not exist`).toBeDefined();
      expect(later!.text, `${later!.file} must say it supersedes ${r.n}`).toMatch(
        new RegExp(`[Ss]upersed(?:(?!\\. ).)*\\b${r.n}\\b`),
      );
    }
  });
});
