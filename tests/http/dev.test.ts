/**
 * `npm run dev` on a copy of the project (so that its dist/ and the edits stay out of this
 * worktree): after an edit to a CSS partial (views/styles/) or a locale, a reload shows it.
 */
import type { ChildProcess } from "node:child_process";
import { once } from "node:events";
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { spawnTracked, startedPort } from "../../scripts/lib";

const COPIED = ["package.json", "tsconfig.json", "build.ts", "scripts/dev.ts", "build/boundary.ts"];
const COPIED_DIRS = ["build", "client", "src", "views", "locales", "public"];
const WAIT = { timeout: 60_000, interval: 300 };

describe("npm run dev", () => {
  let dir: string;
  let dev: ChildProcess;
  let output = "";
  /** The port of the server running now: PORT=0, so each restart binds one the OS picks and names it. */
  const port = () => {
    const found = startedPort(output);
    if (found === undefined) throw new Error(`no start-up line yet:\n${output}`);
    return found;
  };
  const page = async () => (await fetch(`http://127.0.0.1:${port()}/`)).text();

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "xia-dev-"));
    for (const file of COPIED) cpSync(file, join(dir, file));
    for (const folder of COPIED_DIRS) cpSync(folder, join(dir, folder), { recursive: true });
    symlinkSync(resolve("node_modules"), join(dir, "node_modules"), "dir");
    const env: NodeJS.ProcessEnv = { ...process.env, PORT: "0" };
    delete env.NODE_ENV;
    // Its own process group (spawnTracked), so that the server it starts goes with it at the end.
    dev = spawnTracked(process.execPath, [resolve("node_modules/tsx/dist/cli.mjs"), "scripts/dev.ts"], {
      cwd: dir,
      env,
    });
    dev.stdout!.on("data", (d) => (output += d));
    dev.stderr!.on("data", (d) => (output += d));
    await vi.waitFor(async () => expect((await fetch(`http://127.0.0.1:${port()}/`)).status).toBe(200), WAIT);
  }, 90_000);

  afterAll(async () => {
    if (dev?.pid && dev.exitCode === null) {
      const exited = once(dev, "exit");
      process.kill(-dev.pid, "SIGTERM");
      const force = setTimeout(() => process.kill(-dev.pid!, "SIGKILL"), 10_000);
      await exited;
      clearTimeout(force);
    }
    if (dir) rmSync(dir, { recursive: true, force: true });
  }, 20_000);

  it("serves a CSS partial as edited after a reload", async () => {
    const rule = ".dev-loop-probe{color:#0a0b0c}";
    const partial = join(dir, "views/styles/hero.css");
    expect(await vi.waitFor(page, WAIT)).not.toContain(rule);
    // Saved in two steps, emptied then written, as many editors save: a build may read it empty
    // (scripts/dev.ts then builds it again once it settles).
    const edited = readFileSync(partial, "utf8") + `\n${rule}\n`;
    writeFileSync(partial, "");
    writeFileSync(partial, edited);
    await vi.waitFor(async () => expect(await page(), output).toContain(rule), WAIT);
  }, 70_000);

  it("serves an edited locale string after a reload", async () => {
    const file = join(dir, "locales/pt.json");
    const catalogue = JSON.parse(readFileSync(file, "utf8")) as Record<string, string>;
    const probe = `Dev loop probe ${port()}`;
    expect(await vi.waitFor(page, WAIT)).not.toContain(probe);
    writeFileSync(file, JSON.stringify({ ...catalogue, "hero.title": probe }, null, 2));
    await vi.waitFor(async () => expect(await page(), output).toContain(probe), WAIT);
  }, 70_000);
});
