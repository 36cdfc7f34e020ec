/**
 * Builds everything the server needs into dist/:
 * - the client entry (client/main.ts) and its lazily loaded chunks, minified, content-hashed, in
 *   dist/public/assets (served immutable). React sits in a chunk of its own (vendor) so that
 *   the islands' own code can change without invalidating it;
 * - the inline CSS (views/styles.css, minified) and the inline head snippet (client/head.ts);
 * - the icon sprite (src/server/sprite.ts: the icons of src/components/icons.ts), content-hashed
 *   beside the client files so that it is served immutable too;
 * - dist/manifest.json naming them, and dist/server.js, the production server.
 * Both browser builds fail when they hold anything that may not ship (scripts/boundary.ts).
 *
 * `tsx build.ts` builds once; scripts/dev.ts (`npm run dev`) runs the same four builds in watch mode.
 */
import { build, formatMessagesSync, type BuildFailure, type BuildOptions, type Metafile } from "esbuild";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import { pathToFileURL } from "node:url";
import { browserBoundary, PLUGIN_NAME } from "./scripts/boundary";
import { compressOnce } from "./src/server/compress";
import { buildSprite } from "./src/server/sprite";

export const outdir = "dist/public/assets";
const production = { "process.env.NODE_ENV": '"production"' };

/** The four builds, as options any esbuild `build()` or `context()` takes. */
export const builds = {
  client: {
    entryPoints: { main: "client/main.ts", islands: "client/islands.ts", vendor: "client/vendor.ts" },
    bundle: true,
    splitting: true,
    format: "esm",
    target: ["es2020"],
    minify: true,
    outdir,
    entryNames: "[name]-[hash]",
    chunkNames: "[name]-[hash]",
    jsx: "automatic",
    define: production,
    legalComments: "none",
    metafile: true,
    plugins: [browserBoundary()],
  },
  css: {
    entryPoints: ["views/styles.css"],
    bundle: true,
    minify: true,
    write: false,
    loader: { ".css": "css" },
    target: ["chrome100", "safari15", "firefox100"],
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
    packages: "external",
    outfile: "dist/server.js",
    jsx: "automatic",
    define: production,
    sourcemap: true,
    legalComments: "none",
  },
} satisfies Record<string, BuildOptions>;

export interface Manifest {
  css: string;
  headScript: string;
  mainScript: string;
  /** Public URL of the icon sprite (content-hashed, decision 023). */
  sprite: string;
}

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
 * The icon sprite (src/server/sprite.ts: the icons of src/components/icons.ts), content-hashed
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

/** dist/manifest.json (with the sprite it writes), which src/server/assets.ts reads at start-up. */
export function writeManifest(client: Metafile, css: string, head: string): Manifest {
  const main = Object.entries(client.outputs).find(([, o]) => o.entryPoint === "client/main.ts");
  if (!main) throw new Error("no output for client/main.ts");
  const manifest = {
    css: css.trim(),
    headScript: head.trim(),
    mainScript: "/assets/" + basename(main[0]),
    sprite: writeSprite(),
  };
  writeFileSync("dist/manifest.json", JSON.stringify(manifest, null, 2));
  return manifest;
}

/** The whole build, once. */
export async function buildAll(): Promise<Manifest> {
  cleanDist();
  const client = await build(builds.client);
  precompress();
  const css = await build(builds.css);
  const head = await build(builds.head);
  const manifest = writeManifest(client.metafile, css.outputFiles[0].text, head.outputFiles[0].text);
  await build(builds.server);
  return manifest;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  try {
    const manifest = await buildAll();
    console.log(
      `built: ${manifest.mainScript}, css ${manifest.css.length} B, head snippet ${manifest.headScript.length} B`,
    );
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
