import { defineConfig } from "vitest/config";

// Three levels, one command (`npm test`): unit tests beside the code, HTTP tests on createApp()
// with supertest, browser tests driving Debian's Chromium. All need `npm run build` first (the
// test script does it): pages inline the built CSS and reference the hashed client files.
export default defineConfig({
  test: {
    // Every process a test spawns is ended at the end of the run, even after a timeout (decision 034).
    globalSetup: ["tests/global-processes.ts"],
    // One wait for every expect.poll in the suite (a loaded two-core machine needs more than 1 s).
    expect: { poll: { timeout: 10_000 } },
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["src/**/*.test.{ts,tsx}", "client/**/*.test.ts", "scripts/**/*.test.ts", "views/**/*.test.ts"],
          environment: "node",
        },
      },
      { extends: true, test: { name: "http", include: ["tests/http/**/*.test.ts"], environment: "node" } },
      {
        extends: true,
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          environment: "node",
          testTimeout: 60_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
