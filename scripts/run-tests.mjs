#!/usr/bin/env node
/*
 * `npm test`: every test (decision 031). Makes sure Chromium, Java and Varnish are there, then at
 * the same time: the build (pages inline the built CSS and name the hashed client files), oxlint,
 * oxfmt's format check, the type-check (its cache under node_modules/.cache), and the search for
 * import cycles in src/ and client/ (scripts/cycles.mjs). Vitest
 * (unit, HTTP, processes, browser) starts as soon as the build is done, the static checks still
 * running beside it; their output is printed once they end.
 *
 *   node scripts/run-tests.mjs [--no-static | --node-line] [vitest arguments]
 *
 * `--no-static` leaves out oxlint, oxfmt, tsc and the cycle check. `--node-line` runs only what can differ
 * from one Node line to another (decision 100: CI runs it on the lines other than the full run's):
 * no static checks, no browser project, and none of the `processes` files vitest.config.ts lists as
 * NODE_INDEPENDENT_FILES (Varnish's VCL, the Nu checker).
 * Ends with one plain line, "N passed, N failed, N skipped", preceded by a line for each static
 * check that failed and one when vitest failed the run for an error no test owns (an unhandled
 * rejection or socket error). Exits non-zero when anything failed.
 */
import { spawn, spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";

const args = process.argv.slice(2);
const nodeLine = args.includes("--node-line");
const staticChecks = !args.includes("--no-static") && !nodeLine;
const vitestArgs = [
  ...args.filter((a) => a !== "--no-static" && a !== "--node-line"),
  ...(nodeLine ? ["--project", "unit", "--project", "http", "--project", "processes"] : []),
];
if (nodeLine) process.env.XIA_NODE_LINE = "1";
const bin = (name) => `node_modules/.bin/${name}`;
const cache = "node_modules/.cache/xia";
/**
 * The type-check runs TypeScript 7 (the package `typescript-7`, an npm alias of typescript@7): its
 * native compiler. `typescript` stays 5.9 for editors and scripts/cycles.mjs (its scanner and resolver).
 */
const TSC_7 = "node_modules/typescript-7/bin/tsc";

/** Runs a command with its output kept, resolving to { name, status, output }. */
function collect(name, cmd, cmdArgs) {
  return new Promise((resolve) => {
    const child = spawn(cmd, cmdArgs, { stdio: ["ignore", "pipe", "pipe"] });
    const chunks = [];
    child.stdout.on("data", (c) => chunks.push(c));
    child.stderr.on("data", (c) => chunks.push(c));
    child.on("error", (e) => chunks.push(Buffer.from(String(e))));
    child.on("close", (status) => resolve({ name, status: status ?? 1, output: Buffer.concat(chunks).toString() }));
  });
}

const deps = spawnSync(process.execPath, ["scripts/ensure-test-deps.mjs"], { stdio: "inherit" });
if (deps.status !== 0) process.exit(deps.status ?? 1);

const checks = staticChecks
  ? [
      // The lint (decision 133): oxlint, ESLint's rules natively. Its default format, which prints
      // the rule's help: the import rules' messages (what may not be imported, and why) are there.
      collect("oxlint", bin("oxlint"), []),
      // The format check (decision 132): oxfmt, Prettier's output in under a CPU-second, no cache needed.
      collect("oxfmt", bin("oxfmt"), ["--check"]),
      // TypeScript 7's compiler (decision 128): the same check as 5.9's in a fifth of the CPU.
      collect("tsc", process.execPath, [
        TSC_7,
        "--noEmit",
        "--incremental",
        "--tsBuildInfoFile",
        `${cache}/tsbuildinfo-7`,
      ]),
      // No import cycle in src/ and client/ (decisions 059, 085, 134), type imports included.
      collect("cycles", process.execPath, ["scripts/cycles.mjs", "src", "client"]),
    ]
  : [];

const built = await collect("build", bin("tsx"), ["build.ts"]);
process.stdout.write(built.output);
if (built.status !== 0) {
  for (const check of await Promise.all(checks)) process.stdout.write(check.output);
  console.error("the build failed: no test ran");
  process.exit(built.status);
}

const results = "dist/test-results.json";
const vitest = await new Promise((resolve) => {
  const child = spawn(
    bin("vitest"),
    ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${results}`, ...vitestArgs],
    { stdio: "inherit" },
  );
  child.on("close", (status) => resolve({ status: status ?? 1 }));
});

const failedChecks = [];
for (const check of await Promise.all(checks)) {
  // oxfmt and oxlint report their count of files even when all is well: only a failure or a
  // warning (oxlint's exhaustive-deps, which does not fail the run) is worth a line.
  const clean = check.name === "oxfmt" || /Found 0 warnings and 0 errors/.test(check.output);
  if (check.output.trim() && (check.status !== 0 || !clean))
    process.stdout.write(`\n== ${check.name}\n${check.output}`);
  if (check.status !== 0) failedChecks.push(check.name);
}

let summary;
let failed = vitest.status !== 0;
try {
  const r = JSON.parse(readFileSync(results, "utf8"));
  const skipped = r.numPendingTests + r.numTodoTests;
  summary = `${r.numPassedTests} passed, ${r.numFailedTests} failed${skipped ? `, ${skipped} skipped` : ""}`;
  if (r.numTotalTests === 0) {
    console.error("no test ran");
    failed = true;
  } else if (vitest.status !== 0 && r.numFailedTests === 0) {
    // Every test passed, yet vitest failed the run: an error outside any test ("Unhandled Errors" above).
    console.error(`vitest exited with ${vitest.status}: an error outside the tests, printed above`);
  }
} catch {
  console.error("vitest wrote no results");
  failed = true;
}
for (const name of failedChecks) console.error(`${name} failed (its output is above)`);
if (summary) console.log(`\n${summary}`);
process.exit(failed || failedChecks.length ? vitest.status || 1 : 0);
