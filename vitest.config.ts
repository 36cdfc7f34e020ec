import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

/**
 * The HTTP test files that start processes (the built server, its workers, `npm run dev`, Varnish,
 * the Nu checker's JVM). They run in a project of their own, `processes`, which the quick tier
 * (`npm run test:quick`) leaves out.
 */
const PROCESS_FILES = ["cluster", "dev", "html-validity", "placeholders", "shutdown", "startup", "varnish"].map(
  (name) => `tests/http/${name}.test.ts`,
);

// Four projects, one command (`npm test`), decision 031: unit tests beside the code, HTTP tests on
// createApp() in process (the quick tier with unit), the processes, and browser tests driving
// Debian's Chromium. All need `npm run build` first (the test script does it): pages inline the
// built CSS and reference the hashed client files.
export default defineConfig({
  test: {
    // Every core (vitest's default leaves one idle: one worker on a two-core machine).
    maxWorkers: availableParallelism(),
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["src/**/*.test.{ts,tsx}", "client/**/*.test.ts", "scripts/**/*.test.ts"],
          environment: "node",
        },
      },
      {
        extends: true,
        test: { name: "http", include: ["tests/http/**/*.test.ts"], exclude: PROCESS_FILES, environment: "node" },
      },
      {
        extends: true,
        test: { name: "processes", include: PROCESS_FILES, environment: "node" },
      },
      {
        extends: true,
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/e2e/global-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
