#!/usr/bin/env node
/*
 * Where a test run's time went (issue 39): reads vitest's JSON results (`npm test` writes
 * dist/test-results.json) and prints, per project and per file, the worker-seconds (a file's wall
 * time in its worker; the sum over files is what the workers spent, whatever the wall time of the
 * run) and the tests, longest first. On a loaded machine the seconds are inflated; the shares are
 * the steadier figure.
 *
 *   node scripts/test-costs.mjs [results.json] [--top N]
 */
import { readFileSync } from "node:fs";
import { relative } from "node:path";

const args = process.argv.slice(2);
const topAt = args.indexOf("--top");
const top = topAt >= 0 ? Number(args[topAt + 1]) : 25;
const file = args.find((a, i) => !a.startsWith("--") && (topAt < 0 || i !== topAt + 1)) ?? "dist/test-results.json";
const results = JSON.parse(readFileSync(file, "utf8"));

/** The project of a file, as vitest.config.ts assigns them (the processes files read from the config). */
const config = readFileSync("vitest.config.ts", "utf8");
const listed = (name) =>
  [...(config.match(new RegExp(`const ${name} = \\[([^\\]]*)\\]`))?.[1] ?? "").matchAll(/"([^"]+)"/g)].map((m) => m[1]);
const processFiles = new Set(
  [...listed("PROCESS_FILES"), ...listed("ONCE_FILES")].map((n) => (n.includes("/") ? n : `tests/http/${n}.test.ts`)),
);
const projectOf = (path) =>
  path.startsWith("tests/e2e/")
    ? "e2e"
    : processFiles.has(path)
      ? "processes"
      : path.startsWith("tests/http/")
        ? "http"
        : "unit";

const files = results.testResults.map((r) => {
  const path = relative(process.cwd(), r.name);
  return {
    path,
    project: projectOf(path),
    seconds: (r.endTime - r.startTime) / 1000,
    tests: r.assertionResults.length,
  };
});
const runStart = Math.min(...results.testResults.map((r) => r.startTime));
const runEnd = Math.max(...results.testResults.map((r) => r.endTime));

const pad = (s, n) => String(s).padEnd(n);
const num = (x) => x.toFixed(1).padStart(7);
const total = files.reduce((s, f) => s + f.seconds, 0);
console.log(
  `${results.numTotalTests} tests in ${files.length} files; first file start to last file end ${num((runEnd - runStart) / 1000)} s; ${num(total)} worker-s in all\n`,
);
console.log(`${pad("project", 10)} ${pad("files", 6)} ${pad("tests", 6)} worker-s  share`);
for (const project of ["unit", "http", "processes", "e2e"]) {
  const of = files.filter((f) => f.project === project);
  const s = of.reduce((a, f) => a + f.seconds, 0);
  console.log(
    `${pad(project, 10)} ${pad(of.length, 6)} ${pad(
      of.reduce((a, f) => a + f.tests, 0),
      6,
    )} ${num(s)}  ${((100 * s) / total).toFixed(0).padStart(3)} %`,
  );
}
console.log(`\nlongest ${top} files (worker-s, tests):`);
for (const f of files.sort((a, b) => b.seconds - a.seconds).slice(0, top))
  console.log(`${num(f.seconds)}  ${pad(f.tests, 4)} ${pad(f.project, 10)} ${f.path}`);
