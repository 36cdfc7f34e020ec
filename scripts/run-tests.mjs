#!/usr/bin/env node
/*
 * `npm test`: every test, in order — make sure Chromium and Java are there, lint (ESLint and
 * Prettier), build (pages inline the built CSS and name the hashed client files), type-check, then
 * vitest (unit, HTTP, browser).
 * Ends with one plain line, "N passed, N failed, N skipped", and a second one when vitest failed the
 * run for an error no test owns (an unhandled rejection or socket error).
 */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";

const run = (cmd, args) => {
  const r = spawnSync(cmd, args, { stdio: "inherit" });
  if (r.status !== 0) process.exit(r.status ?? 1);
};
const bin = (name) => `node_modules/.bin/${name}`;

run(process.execPath, ["scripts/ensure-test-deps.mjs"]);
run(bin("eslint"), ["."]);
run(bin("prettier"), ["--check", "--log-level=warn", "."]);
run(bin("tsx"), ["build.ts"]);
run(bin("tsc"), ["--noEmit"]);
const results = "dist/test-results.json";
const vitest = spawnSync(
  bin("vitest"),
  ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${results}`, ...process.argv.slice(2)],
  { stdio: "inherit" },
);
try {
  const r = JSON.parse(readFileSync(results, "utf8"));
  const skipped = r.numPendingTests + r.numTodoTests;
  console.log(`\n${r.numPassedTests} passed, ${r.numFailedTests} failed${skipped ? `, ${skipped} skipped` : ""}`);
  if (r.numTotalTests === 0) {
    console.error("no test ran");
    process.exit(1);
  }
  if (vitest.status !== 0 && r.numFailedTests === 0) {
    // Every test passed, yet vitest failed the run: an error outside any test ("Unhandled Errors" above).
    console.error(`vitest exited with ${vitest.status}: an error outside the tests, printed above`);
  }
} catch {
  console.error("vitest wrote no results");
  process.exit(vitest.status || 1);
}
process.exit(vitest.status ?? 1);
