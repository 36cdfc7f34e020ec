/**
 * Docs that cannot drift (issue 24 item 7): what the guides name exists, the testing guide's
 * behaviour table names every test file, test files follow the naming rule, the configuration guide
 * lists every variable the code reads, and the decision index agrees with the records (each record's
 * status, and a record that is superseded is named by the record that supersedes it).
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { basename } from "node:path";
import { describe, expect, it } from "vitest";

const read = (path: string) => readFileSync(path, "utf8");

/**
 * The repository's files as `git ls-files --cached --others --exclude-standard` would list them,
 * without git (issue 29 item 7: a plain copy of the source passes `npm test`): every file under the
 * root except `.git/` and what `.gitignore` excludes. `.gitignore` holds only the forms read here
 * (`name/` a folder anywhere, `*.ext`, a path); the first test fails on any other.
 */
const IGNORED = read(".gitignore")
  .split("\n")
  .map((line) => line.trim())
  .filter((line) => line && !line.startsWith("#"));
const UNREAD_IGNORE_LINES = IGNORED.filter((line) => !/^[\w.-]+(\/[\w.-]+)*\/?$|^\*\.[\w]+$/.test(line));
function ignored(path: string, folder: boolean): boolean {
  const name = basename(path);
  return IGNORED.some((p) =>
    p.startsWith("*.")
      ? !folder && name.endsWith(p.slice(1))
      : p.endsWith("/")
        ? folder && (p.slice(0, -1) === path || p.slice(0, -1) === name)
        : p === path || p === name,
  );
}
function filesUnder(folder: string): string[] {
  return readdirSync(folder || ".", { withFileTypes: true }).flatMap((entry) => {
    const path = folder ? `${folder}/${entry.name}` : entry.name;
    if (path === ".git" || ignored(path, entry.isDirectory())) return [];
    return entry.isDirectory() ? filesUnder(path) : [path];
  });
}
const tracked = filesUnder("");

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
  it("the file list reads every line of .gitignore", () => {
    expect(UNREAD_IGNORE_LINES).toEqual([]);
    expect(tracked).toContain("scripts/docs.test.ts");
    expect(tracked.filter((f) => /^(node_modules|dist)\//.test(f))).toEqual([]);
  });

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

describe("docs/configuration.md", () => {
  // A variable is read as env.NAME, env["NAME"] or by a helper called with (env, "NAME").
  const READ = /\benv(?:\.([A-Z][A-Z0-9_]+)|\[\s*"([A-Z][A-Z0-9_]+)"\s*\]|,\s*"([A-Z][A-Z0-9_]+)")/g;
  const code = tracked.filter((f) => /^src\/.*\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f));
  const readInCode = new Set(code.flatMap((f) => [...read(f).matchAll(READ)].map((m) => m[1] ?? m[2] ?? m[3])));
  const rows = read("docs/configuration.md")
    .split("\n")
    .filter((line) => line.startsWith("| `"));
  const listed = new Set(
    rows.flatMap((row) => [...row.split("|")[1].matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((m) => m[1])),
  );

  it("has a row for every variable the code reads, and lists none it does not read", () => {
    expect(readInCode.size).toBeGreaterThan(20);
    expect([...readInCode].filter((name) => !listed.has(name))).toEqual([]);
    expect([...listed].filter((name) => !readInCode.has(name))).toEqual([]);
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
