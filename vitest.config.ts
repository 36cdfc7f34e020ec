import { availableParallelism } from "node:os";
import { relative } from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";
import { moduleCacheKey } from "./tests/module-cache";

/**
 * The HTTP test files that start processes (the built server, its workers, `npm run dev`, Varnish,
 * the Nu checker's JVM). They run in a project of their own, `processes`, which the quick tier
 * (`npm run test:quick`) leaves out.
 */
const PROCESS_FILES = [
  "cluster",
  "dev",
  "html-validity",
  "erasure-postgres",
  "leads-engines-postgres",
  "outbox-postgres",
  "outbox-processes",
  "placeholders",
  "report-postgres",
  "report-spend-postgres",
  "report-rollup-postgres",
  "report-cap-postgres",
  "shutdown",
  "startup",
  "leads-api-postgres",
  "store-postgres",
  "experiments-store-postgres",
  "store-processes",
  "store-lock-postgres",
  "varnish",
  "varnish-query",
  "varnish-midnight",
  "varnish-ledger",
  "varnish-experiments",
  "local-receiver",
  "docs-crm-receiver",
].map((name) => `tests/http/${name}.test.ts`);

/**
 * The `processes` files whose outcome does not depend on the Node line that runs the server
 * (decision 100): Varnish's VCL in front of the origin and the Nu checker's reading of the pages
 * (the same bytes on every Node). CI runs them once; `node scripts/run-tests.mjs --node-line`
 * (XIA_NODE_LINE=1) leaves them out, with the static checks and the browser project.
 */
const NODE_INDEPENDENT_FILES = [
  "html-validity",
  "varnish",
  "varnish-query",
  "varnish-midnight",
  "varnish-ledger",
  "varnish-experiments",
].map((name) => `tests/http/${name}.test.ts`);
const NODE_LINE_ONLY = process.env.XIA_NODE_LINE === "1";

/**
 * The longest files, longest first (as measured, decision 031). Two workers finish together only when
 * the longest files start first; from a fresh clone vitest knows no durations and starts larger
 * files first, which put the axe checks (a short file, then the longest run) last. Since the axe
 * checks run once per document (tests/e2e/axe.ts), islands and consent took longer than a11y; split by
 * behaviour (issue 24: no file over 300 lines), each of their parts is shorter than it (the e2e
 * project alone, busy two-core machine, issue 39: a11y 112 worker-s, header-island 64, consent-choice
 * 62, saved-language 45, calculator-island 42, overflow 38; `node scripts/test-costs.mjs`). With four
 * workers (decision 112) the first four start together; startup.test.ts is the fourth longest, quiet
 * (32 s at d26259c) and loaded (79 worker-s in a four-worker run).
 */
const LONGEST_FIRST = [
  "tests/e2e/a11y.test.ts",
  "tests/e2e/header-island.test.ts",
  "tests/e2e/consent-choice.test.ts",
  "tests/e2e/startup.test.ts",
  "tests/e2e/saved-language.test.ts",
  "tests/e2e/calculator-island.test.ts",
  "tests/e2e/overflow.test.ts",
  "tests/e2e/smoke.test.ts",
  "tests/e2e/consent-events.test.ts",
  "tests/e2e/campaign.test.ts",
  "tests/e2e/island-loading.test.ts",
  "tests/e2e/one-script.test.ts",
  "tests/http/html-validity.test.ts",
  "tests/http/outbox-postgres.test.ts",
  "tests/http/outbox-processes.test.ts",
  "tests/http/varnish.test.ts",
  "tests/http/varnish-query.test.ts",
  "tests/http/varnish-midnight.test.ts",
];

/** The projects named on the command line (`--project x` or `--project=x`); none means all. */
const SELECTED = process.argv.flatMap((arg, i, argv) =>
  arg === "--project" ? [argv[i + 1]] : arg.startsWith("--project=") ? [arg.slice("--project=".length)] : [],
);
/**
 * Workers (decision 112): two per core when the run has browser or process tests. Most of their time
 * is a wait (Chromium rendering in its own processes, a server or PostgreSQL starting, a poll, a
 * timer), so a worker per core left half of a two-core machine idle (`npm test`: 281 s of CPU in
 * 265 s of wall). A run of `unit` and `http` alone (the quick tier) has nothing to wait on: one
 * worker per core. `XIA_TEST_WORKERS` sets another count, to measure one against another.
 */
const WAITING_PROJECTS = ["processes", "e2e"];
const WORKERS =
  Number(process.env.XIA_TEST_WORKERS) ||
  (SELECTED.length === 0 || SELECTED.some((name) => WAITING_PROJECTS.includes(name))
    ? availableParallelism() * 2
    : availableParallelism());

class LongestFirst extends BaseSequencer {
  async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (spec: TestSpecification) => {
      const at = LONGEST_FIRST.indexOf(relative(spec.project.config.root, spec.moduleId));
      return at < 0 ? LONGEST_FIRST.length : at;
    };
    const sorted = await super.sort(files);
    return sorted
      .map((spec, i) => ({ spec, i }))
      .sort((a, b) => rank(a.spec) - rank(b.spec) || a.i - b.i)
      .map(({ spec }) => spec);
  }
}

/**
 * Every project renders with React's production build, as `dist/server.js` does (build.ts defines
 * NODE_ENV=production; decision 114): the setup file loads it, and JSX compiles to `jsx()`, not
 * `jsxDEV()` (which the production build does not have). React's development build captured a stack
 * for every element it created: about a tenth of the quick tier's CPU. All four projects, not only the
 * in-process ones: `npm test` runs more workers than cores and a worker process runs files of several
 * projects, keeping the React Node loaded first; a development `react` under a production
 * `react-dom/server` failed 600 tests (`dispatcher.getOwner is not a function`).
 */
const REACT_PRODUCTION = { oxc: { jsx: { development: false } } } as const;

// Four projects, one command (`npm test`), decision 031: unit tests beside the code, HTTP tests on
// createApp() in process (the quick tier with unit), the processes, and browser tests driving
// Debian's Chromium. All need `npm run build` first (the test script does it): pages inline the
// built CSS and reference the hashed client files.
export default defineConfig({
  plugins: [moduleCacheKey(fileURLToPath(new URL(".", import.meta.url)))],
  test: {
    // Transformed modules kept on disk between runs, keyed so that none is ever stale
    // (tests/module-cache.ts, decision 114).
    experimental: { fsModuleCache: true },
    // Every process a test spawns is ended at the end of the run, even after a timeout (decision 034).
    globalSetup: ["tests/global-processes.ts"],
    // One wait for every expect.poll in the suite (a loaded two-core machine needs more than 1 s).
    expect: { poll: { timeout: 10_000 } },
    maxWorkers: WORKERS,
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        extends: true,
        ...REACT_PRODUCTION,
        test: {
          name: "unit",
          setupFiles: ["tests/react-production.ts"],
          include: [
            "src/**/*.test.{ts,tsx}",
            "client/**/*.test.ts",
            "scripts/**/*.test.ts",
            "views/**/*.test.ts",
            "build/**/*.test.ts",
          ],
          environment: "node",
          // Files share a worker's loaded modules (Express, React, the catalogues) instead of loading
          // them again each: no test here mocks a module or changes global state.
          isolate: false,
        },
      },
      {
        extends: true,
        ...REACT_PRODUCTION,
        test: {
          name: "http",
          setupFiles: ["tests/react-production.ts"],
          include: ["tests/http/**/*.test.ts"],
          exclude: PROCESS_FILES,
          environment: "node",
          // A limit for a hang, not for a step: a file's first request compresses its pages with
          // brotli 11 (conditional-and-encoding timed out at vitest's default 5 s with the machine at
          // load 10, test:quick at 102 s of wall), and the tests wait for answers, not a clock.
          testTimeout: 30_000,
          isolate: false,
        },
      },
      {
        extends: true,
        ...REACT_PRODUCTION,
        test: {
          name: "processes",
          setupFiles: ["tests/react-production.ts"],
          include: PROCESS_FILES,
          exclude: NODE_LINE_ONLY ? NODE_INDEPENDENT_FILES : [],
          environment: "node",
          // One PostgreSQL for the run's store tests, each file its own database (decision 068).
          globalSetup: ["tests/postgres-setup.ts"],
          // A process that starts on a busy machine (its Node, then its workers) can take more than
          // vitest's default 5 s. The tests wait for signals (a start-up line, an exit), not a clock
          // (issue 29 item 8); this is the limit for a hang, not for a step.
          testTimeout: 120_000,
          isolate: false,
        },
      },
      {
        extends: true,
        ...REACT_PRODUCTION,
        test: {
          name: "e2e",
          setupFiles: ["tests/react-production.ts"],
          include: ["tests/e2e/**/*.test.ts"],
          environment: "node",
          isolate: false,
          globalSetup: ["tests/e2e/global-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
