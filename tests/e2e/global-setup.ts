/**
 * One Chromium for the whole browser project (decision 031): launched once before the first browser
 * test file, closed after the last, even when a test failed or timed out. Test files connect to it
 * (`launch()` in helpers.ts) and open a fresh context per test, so no state passes between tests.
 */
import { chromium } from "playwright-core";
import type { TestProject } from "vitest/node";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./browser";

declare module "vitest" {
  export interface ProvidedContext {
    /** Where the run's Chromium listens (playwright's protocol). */
    chromiumEndpoint: string;
  }
}

export default async function setup(project: TestProject) {
  const server = await chromium.launchServer({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, host: "127.0.0.1" });
  project.provide("chromiumEndpoint", server.wsEndpoint());
  return () => server.close();
}
