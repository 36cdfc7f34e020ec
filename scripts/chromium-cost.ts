/**
 * What Chromium costs the browser tests, in CPU-seconds per step, with every process it starts
 * counted (renderers are forked by its zygote and reparented, so `/usr/bin/time` misses them): this
 * process joins a cgroup of its own (cgroup v1 `cpuacct`, as root) and reads its usage, and samples
 * each process of the group for the split by kind (browser, renderer, gpu-process, utility…).
 *
 *   npx tsx build.ts && npx tsx scripts/chromium-cost.ts [executable] [extra flags...]
 *
 * Default executable: CHROMIUM_PATH or /usr/bin/chromium, launched with the tests' flags
 * (tests/e2e/browser.ts) plus the extra ones. Steps: launch; idle with no page; a context with `/`
 * loaded and settled, idle; three more, idle with four open; close them, idle; four journeys as
 * the tests make them (context, load, hover until the islands hydrate, resize to 390 px, close).
 * Run each variant at least twice, back to back with the one it is compared with: on a shared
 * machine one figure varies by ±15 % (docs/testing.md, "Where the time goes").
 */
import { readFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { chromium, type Page } from "playwright-core";
import { createApp } from "../src/server/app";
import { loadConfig } from "../src/server/config";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../tests/e2e/browser";
import { joinCpuGroup } from "./cpu-group";

const IDLE_MS = 3000;
const [executable = CHROMIUM_PATH, ...extra] = process.argv.slice(2);
const { dir: group, usage, leave } = joinCpuGroup("chromium-cost");

/** Each process of the group: its kind and its CPU-seconds when last seen (a closed renderer keeps its last). */
const seen = new Map<string, { kind: string; cpu: number }>();
const TICKS = 100;
function sample() {
  for (const pid of readFileSync(`${group}/cgroup.procs`, "utf8").split("\n").filter(Boolean)) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      // Chromium's children rewrite their command line as one string: split on NUL and space.
      const args = readFileSync(`/proc/${pid}/cmdline`, "utf8").split(/[\0 ]/);
      const type = args.find((a) => a.startsWith("--type="))?.slice(7);
      const utility = args
        .find((a) => a.startsWith("--utility-sub-type="))
        ?.split(".")
        .pop();
      const kind = type ? (utility ? `utility:${utility}` : type) : args[0].includes("chrom") ? "browser" : "node";
      // An exiting process (a closed renderer) has no command line left: it keeps its last kind.
      const known = seen.get(pid)?.kind;
      const cpu = (Number(fields[11]) + Number(fields[12])) / TICKS;
      seen.set(pid, { kind: args.join("") === "" && known ? known : kind, cpu });
    } catch {
      // gone between the listing and the read: its last sample stands
    }
  }
}
const byKind = () => {
  sample();
  const out = new Map<string, number>();
  for (const { kind, cpu } of seen.values()) out.set(kind, (out.get(kind) ?? 0) + cpu);
  return out;
};
const sampler = setInterval(sample, 100);

let lastUsage = usage();
let lastKinds = byKind();
/** Prints the CPU-seconds since the previous step, split by kind of process. */
function step(name: string) {
  const now = usage();
  const kinds = byKind();
  const split = [...kinds]
    .map(([kind, cpu]) => [kind, cpu - (lastKinds.get(kind) ?? 0)] as const)
    .filter(([, cpu]) => cpu >= 0.005)
    .map(([kind, cpu]) => `${kind} ${cpu.toFixed(2)}`)
    .join(", ");
  console.log(`${name.padEnd(34)} ${(now - lastUsage).toFixed(2).padStart(6)} CPU-s  (${split})`);
  lastUsage = now;
  lastKinds = kinds;
}
const idle = () => new Promise((resolve) => setTimeout(resolve, IDLE_MS));

const app = createApp({ config: loadConfig({}) });
const server = app.listen(0, "127.0.0.1");
await new Promise((resolve) => server.once("listening", resolve));
const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const browser = await chromium.launch({ executablePath: executable, args: [...CHROMIUM_ARGS, ...extra] });
try {
  console.log(`${executable} ${extra.join(" ")}`);
  step("launch");
  await idle();
  step(`idle ${IDLE_MS / 1000} s, no page`);

  /** A context and page at `/`, loaded and settled as tests/e2e/helpers.ts's ready() waits. */
  const open = async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${url}/`);
    await page.waitForSelector("html[data-layout-passes]", { state: "attached" });
    await settle(page);
    return { context, page };
  };
  const first = await open();
  step("context + load /");
  await idle();
  step(`idle ${IDLE_MS / 1000} s, 1 page`);
  const more = [await open(), await open(), await open()];
  step("3 more contexts + loads");
  await idle();
  step(`idle ${IDLE_MS / 1000} s, 4 pages`);
  for (const { context } of [first, ...more]) await context.close();
  step("close 4 contexts");
  await idle();
  step(`idle ${IDLE_MS / 1000} s, closed`);
  for (let i = 0; i < 4; i++) {
    const { context, page } = await open();
    await page.getByRole("banner").hover();
    await page.waitForSelector('[data-island="header"][data-hydrated]', { state: "attached" });
    await page.setViewportSize({ width: 390, height: 844 });
    await settle(page);
    await context.close();
  }
  step("4 journeys (load, hydrate, resize)");
} finally {
  await browser.close();
  server.close();
  clearInterval(sampler);
  leave();
}

/** A frame, then an idle moment (at most 1 s after it), as the tests' ready() and resize(). */
async function settle(page: Page) {
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestIdleCallback(resolve, { timeout: 1000 }))),
  );
}
