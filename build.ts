/**
 * Builds everything the server needs into dist/:
 * - the client entry (client/main.ts), one self-contained file with no imports (the only script a
 *   page loads, decision 027), and the islands' code (client/islands.ts), which main imports on
 *   demand by the URL the server renders beside it; minified, content-hashed, in
 *   dist/public/assets (served immutable). React sits in a chunk of its own (vendor) so that
 *   the islands' own code can change without invalidating it;
 * - the inline CSS, one stylesheet per kind of page joined from the partials in views/styles/
 *   (views/styles.ts, decision 037), minified, and the inline head snippet (client/head.ts);
 * - the icon sprite (build/sprite.ts: the icons of src/content/icons.ts), content-hashed
 *   beside the client files so that it is served immutable too;
 * - dist/manifest.json naming them, and dist/server.js, the production server.
 * Every browser build fails when it holds anything that may not ship (build/boundary.ts).
 *
 * `tsx build.ts` builds once; scripts/dev.ts (`npm run dev`) runs the same builds (`builds` below) in watch mode.
 */
import {
  build,
  formatMessagesSync,
  type BuildFailure,
  type BuildOptions,
  type Metafile,
  type OutputFile,
} from "esbuild";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import { pathToFileURL } from "node:url";
import { browserBoundary, PLUGIN_NAME } from "./build/boundary";
import type { Manifest } from "./src/server/assets";
import { pageStyles, STYLESHEET_NAMES, styleEntryPoints, type Stylesheet } from "./views/styles";
import { compressOnce } from "./src/server/encoding";
import { buildSprite } from "./build/sprite";

export const outdir = "dist/public/assets";
const production = { "process.env.NODE_ENV": '"production"' };

/**
 * Dependencies left in node_modules (decision 135): the database drivers, whose native binaries
 * (libsql's, pg's optional pg-native) are found by their own loaders. Every other dependency,
 * CommonJS included (express, react, react-dom/server, helmet, intl-messageformat), is bundled into
 * dist/server.js, tree-shaken, so a start compiles one file instead of resolving and compiling
 * some 500 (0.45 → 0.34 CPU-s a start; decision 082 had bundled the pure ES modules: 0.93 → 0.55 s).
 */
export const EXTERNAL_PACKAGES = ["libsql", "pg"];

/**
 * The bundled CommonJS modules call `require` for Node's own modules (and express, at most, for a
 * view engine it is never given); an ES module has none, so the bundle defines it first.
 */
const serverRequire =
  'import { createRequire as __xiaCreateRequire } from "node:module"; const require = __xiaCreateRequire(import.meta.url);';

/** What the two module builds (main, islands) share: minified ES modules with hashed names. */
const browserModules = {
  bundle: true,
  format: "esm",
  target: ["es2020"],
  minify: true,
  outdir,
  entryNames: "[name]-[hash]",
  jsx: "automatic",
  define: production,
  legalComments: "none",
  metafile: true,
} satisfies BuildOptions;

/** Every build, as options any esbuild `build()` or `context()` takes. */
export const builds = {
  /**
   * The entry every page loads, built alone and without splitting so that it imports nothing: split
   * with the islands, it statically imported esbuild's CJS helpers (a chunk only React needs),
   * a second request on every page's critical path (decision 027).
   */
  main: {
    ...browserModules,
    // Two self-contained files (no splitting): the plain entry, and the measured one (main plus
    // consent, decision 044) that pages name only when a measurement tool is configured.
    entryPoints: { main: "client/main.ts", measured: "client/measured.ts" },
    plugins: [browserBoundary()],
  },
  /**
   * The measurement tags' loader (client/tags.ts): Consent Mode, gtag, GTM, the Meta Pixel, their
   * events. Imported by main only after the visitor consents (decision 047), built alone like main.
   */
  tags: { ...browserModules, entryPoints: { tags: "client/tags.ts" }, plugins: [browserBoundary()] },
  /** The islands and React, split so that React's chunk survives a change to the islands. */
  islands: {
    ...browserModules,
    entryPoints: { islands: "client/islands.ts", vendor: "client/vendor.ts" },
    splitting: true,
    chunkNames: "[name]-[hash]",
    plugins: [browserBoundary()],
  },
  /** One stylesheet per kind of page (landing, legal, message), named after it (views/styles.ts). */
  css: {
    entryPoints: styleEntryPoints,
    bundle: true,
    minify: true,
    write: false,
    outdir: "dist/css",
    loader: { ".css": "css" },
    target: ["chrome100", "safari15", "firefox100"],
    plugins: [pageStyles()],
  },
  head: {
    entryPoints: ["client/head.ts"],
    bundle: true,
    minify: true,
    write: false,
    format: "iife",
    target: ["es2020"],
    plugins: [browserBoundary()],
  },
  server: {
    entryPoints: ["src/server/index.ts"],
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    // Everything bundled but the drivers (EXTERNAL_PACKAGES), with the `require` their neighbours use.
    external: EXTERNAL_PACKAGES.flatMap((name) => [name, `${name}/*`]),
    banner: { js: serverRequire },
    outfile: "dist/server.js",
    jsx: "automatic",
    define: production,
    sourcemap: true,
    legalComments: "none",
  },
} satisfies Record<string, BuildOptions>;

export type { Manifest };

/** Empties dist/ and creates the assets folder. */
export function cleanDist(): void {
  rmSync("dist", { recursive: true, force: true });
  mkdirSync(outdir, { recursive: true });
}

/**
 * Precompressed copies beside each client file: the server never compresses them per request.
 * Names are content-hashed, so a file that already has its copies keeps them.
 */
export function precompress(): void {
  for (const name of readdirSync(outdir)) {
    const file = join(outdir, name);
    if (/\.(br|gz)$/.test(name) || existsSync(file + ".br")) continue;
    const { br, gzip } = compressOnce(readFileSync(file));
    writeFileSync(file + ".br", br);
    writeFileSync(file + ".gz", gzip);
  }
}

/**
 * The icon sprite (build/sprite.ts: the icons of src/content/icons.ts), content-hashed
 * beside the client files with its compressed copies; returns its public URL.
 */
export function writeSprite(): string {
  const sprite = buildSprite();
  const name = `icons-${createHash("sha256").update(sprite).digest("base64url").slice(0, 10)}.svg`;
  const file = join(outdir, name);
  const { br, gzip } = compressOnce(Buffer.from(sprite));
  writeFileSync(file, sprite);
  writeFileSync(file + ".br", br);
  writeFileSync(file + ".gz", gzip);
  return "/assets/" + name;
}

/** The public URL of the file a build made of `entry`. */
function entryUrl(metafile: Metafile, entry: string): string {
  const output = Object.entries(metafile.outputs).find(([, o]) => o.entryPoint === entry);
  if (!output) throw new Error(`no output for ${entry}`);
  return "/assets/" + basename(output[0]);
}

/** The css build's stylesheets by name (its output files are named after them). */
export function cssByPage(outputFiles: OutputFile[]): Record<Stylesheet, string> {
  const text = (page: Stylesheet) => {
    const file = outputFiles.find((f) => basename(f.path) === `${page}.css`);
    if (!file) throw new Error(`no stylesheet for the ${page} page`);
    return file.text.trim();
  };
  return Object.fromEntries(STYLESHEET_NAMES.map((page) => [page, text(page)])) as Record<Stylesheet, string>;
}

/** dist/manifest.json (with the sprite it writes), which src/server/assets.ts reads at start-up. */
export function writeManifest(
  client: { main: Metafile; islands: Metafile; tags: Metafile },
  css: Record<Stylesheet, string>,
  head: string,
): Manifest {
  const manifest = {
    css,
    headScript: head.trim(),
    mainScript: entryUrl(client.main, "client/main.ts"),
    measuredScript: entryUrl(client.main, "client/measured.ts"),
    islandsScript: entryUrl(client.islands, "client/islands.ts"),
    sprite: writeSprite(),
    tagsScript: entryUrl(client.tags, "client/tags.ts"),
  };
  writeFileSync("dist/manifest.json", JSON.stringify(manifest, null, 2));
  return manifest;
}

/**
 * Where the build leaves the metafiles of its three browser builds, which the boundary test reads
 * instead of building them again (decision 031).
 */
export const metafilesPath = "dist/browser-metafiles.json";

/** The whole build, once. */
export async function buildAll(): Promise<Manifest> {
  cleanDist();
  const [main, islands, tags, css, head] = await Promise.all([
    build(builds.main),
    build(builds.islands),
    build(builds.tags),
    build(builds.css),
    build(builds.head),
  ]);
  precompress();
  const client = { main: main.metafile, islands: islands.metafile, tags: tags.metafile };
  const manifest = writeManifest(client, cssByPage(css.outputFiles), head.outputFiles[0].text);
  writeFileSync(metafilesPath, JSON.stringify({ ...client, head: head.metafile }));
  await build(builds.server);
  return manifest;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  try {
    const manifest = await buildAll();
    const css = STYLESHEET_NAMES.map((page) => `${page} ${manifest.css[page].length} B`).join(", ");
    console.log(`built: ${manifest.mainScript}, css: ${css}; head snippet ${manifest.headScript.length} B`);
  } catch (error) {
    // esbuild has printed its own errors (a syntax error, a missing file), not those of the boundary check.
    const errors = (error as Partial<BuildFailure>).errors;
    if (!errors) console.error(error);
    const boundary = errors?.filter((e) => e.pluginName === PLUGIN_NAME) ?? [];
    if (boundary.length)
      console.error(formatMessagesSync(boundary, { kind: "error", color: process.stderr.isTTY }).join(""));
    process.exit(1);
  }
}
