/**
 * Builds everything the server needs into dist/:
 * - the client entry (client/main.ts) and its lazily loaded chunks, minified, content-hashed, in
 *   dist/public/assets (served immutable). React sits in a chunk of its own (vendor) so that
 *   the islands' own code can change without invalidating it;
 * - the inline CSS (views/styles.css, minified) and the inline head snippet (client/head.ts);
 * - the icon sprite (src/server/sprite.ts: the icons of src/components/icons.ts), content-hashed
 *   beside the client files so that it is served immutable too;
 * - dist/manifest.json naming them, and dist/server.js, the production server.
 */
import { build, type Metafile } from "esbuild";
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { buildSprite } from "./src/server/sprite";

const outdir = "dist/public/assets";
rmSync("dist", { recursive: true, force: true });
mkdirSync(outdir, { recursive: true });

const production = { "process.env.NODE_ENV": '"production"' };

const client = await build({
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
});

function outputFor(metafile: Metafile, entry: string): string {
  const found = Object.entries(metafile.outputs).find(([, o]) => o.entryPoint === entry);
  if (!found) throw new Error(`no output for ${entry}`);
  return "/assets/" + basename(found[0]);
}

const sprite = buildSprite();
const spriteName = `icons-${createHash("sha256").update(sprite).digest("base64url").slice(0, 10)}.svg`;
writeFileSync(join(outdir, spriteName), sprite);

// Precompressed copies beside each client file: the server never compresses them per request.
for (const name of readdirSync(outdir)) {
  const file = join(outdir, name);
  const body = readFileSync(file);
  writeFileSync(file + ".br", brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  writeFileSync(file + ".gz", gzipSync(body, { level: 9 }));
}

const css = await build({
  entryPoints: ["views/styles.css"],
  bundle: true,
  minify: true,
  write: false,
  loader: { ".css": "css" },
  target: ["chrome100", "safari15", "firefox100"],
});
const head = await build({
  entryPoints: ["client/head.ts"],
  bundle: true,
  minify: true,
  write: false,
  format: "iife",
  target: ["es2020"],
});

const manifest = {
  css: css.outputFiles[0].text.trim(),
  headScript: head.outputFiles[0].text.trim(),
  mainScript: outputFor(client.metafile, "client/main.ts"),
  sprite: "/assets/" + spriteName,
};
writeFileSync("dist/manifest.json", JSON.stringify(manifest, null, 2));

await build({
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
});

console.log(
  `built: ${manifest.mainScript}, css ${manifest.css.length} B, head snippet ${manifest.headScript.length} B, sprite ${sprite.length} B`,
);
