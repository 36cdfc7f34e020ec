/**
 * `npm run dev` (decision 013): build.ts's five builds in esbuild's watch mode, and the built server
 * (dist/server.js) restarted after every successful rebuild.
 *
 * esbuild knows every file each build read, so an edit to a component, a locale (bundled into the
 * server), a CSS partial (views/styles/) or client code rebuilds what depends on it. The server restarts even
 * when only the client or the CSS changed, because it reads dist/manifest.json (inline CSS, head
 * snippet, script name) and the client files once, at start-up. A failing build (a syntax error, a
 * file that may not ship) is printed, and the last good server keeps running until it is fixed.
 * PORT and the other variables pass through to the server; NODE_ENV stays unset (development).
 */
import { context, type BuildOptions, type BuildResult, type Plugin } from "esbuild";
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { readdirSync, rmSync, watch } from "node:fs";
import { join } from "node:path";
import { builds, cleanDist, cssByPage, outdir, precompress, writeManifest } from "../build";
import { STYLES_DIR } from "../views/styles";

type Name = keyof typeof builds;
const names = Object.keys(builds) as Name[];
/** The last successful result of each build, the builds whose last run failed, those running now. */
const latest = new Map<Name, BuildResult>();
const failing = new Set<Name>();
const running = new Set<Name>();
const changed = new Set<Name>();
let server: ChildProcess | undefined;
let timer: ReturnType<typeof setTimeout> | undefined;
/** Restarts run one after another, never two at once. */
let restarting = Promise.resolve();

/** Reports the end of each run of `name`'s build; one change often ends several builds, so restarts are debounced. */
const track = (name: Name): Plugin => ({
  name: `dev-${name}`,
  setup(build) {
    build.onStart(() => void running.add(name));
    build.onEnd((result) => {
      running.delete(name);
      if (result.errors.length) {
        failing.add(name);
        console.error(
          `dev: the ${name} build failed; ${server ? "the server keeps running the last good build" : "the server starts once it builds"}`,
        );
        return;
      }
      failing.delete(name);
      latest.set(name, result);
      changed.add(name);
      clearTimeout(timer);
      timer = setTimeout(() => (restarting = restarting.then(restart)), 100);
    });
  },
});

/** Client files of earlier rebuilds (their names are content-hashed) go, with their compressed copies. */
function pruneAssets(outputs: string[]) {
  for (const name of readdirSync(outdir)) {
    const file = join(outdir, name).replace(/\.(br|gz)$/, "");
    if (!outputs.includes(file)) rmSync(join(outdir, name));
  }
}

async function stopServer() {
  const running = server;
  server = undefined;
  if (!running || running.exitCode !== null || running.signalCode !== null) return;
  const exited = once(running, "exit");
  running.kill("SIGTERM");
  const force = setTimeout(() => running.kill("SIGKILL"), 3_000);
  await exited;
  clearTimeout(force);
}

async function restart() {
  // A build still running (main and islands often rebuild together) ends with a restart of its own.
  if (failing.size || running.size || latest.size < names.length) return;
  const client = {
    main: latest.get("main")!.metafile!,
    islands: latest.get("islands")!.metafile!,
    tags: latest.get("tags")!.metafile!,
  };
  pruneAssets([client.main, client.islands, client.tags].flatMap((m) => Object.keys(m.outputs)));
  precompress();
  writeManifest(client, cssByPage(latest.get("css")!.outputFiles!), latest.get("head")!.outputFiles![0].text);
  console.log(`dev: built ${[...changed].join(", ")}; ${server ? "restarting" : "starting"} the server`);
  changed.clear();
  await stopServer();
  server = spawn(process.execPath, ["--enable-source-maps", "dist/server.js"], { stdio: "inherit" });
}

cleanDist();
const contexts = await Promise.all(
  names.map((name) => {
    const options: BuildOptions = builds[name];
    return context({ ...options, logLevel: "warning", plugins: [...(options.plugins ?? []), track(name)] });
  }),
);
await Promise.all(contexts.map((c) => c.watch()));

// The css build reads the partials itself (views/styles.ts) and esbuild records their contents only
// after it: a partial saved in two steps (emptied, then written, as many editors save) could be
// built half-written and recorded whole, and esbuild would not build it again. So every change in
// views/styles/ asks the css build again once the file settles (a failure is reported by track()).
let cssTimer: ReturnType<typeof setTimeout> | undefined;
const cssContext = contexts[names.indexOf("css")];
const styles = watch(STYLES_DIR, () => {
  clearTimeout(cssTimer);
  cssTimer = setTimeout(() => void cssContext.rebuild().catch(() => {}), 50);
});
console.log("dev: watching client/, src/, views/, locales/ (Ctrl-C stops)");

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, async () => {
    clearTimeout(timer);
    clearTimeout(cssTimer);
    styles.close();
    await Promise.all(contexts.map((c) => c.dispose()));
    await restarting;
    await stopServer();
    process.exit(0);
  });
}
