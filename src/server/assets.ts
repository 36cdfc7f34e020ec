/**
 * What build.ts produced (dist/manifest.json): the inline CSS, the inline head snippet, and the
 * content-hashed client scripts. Read once at start-up.
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Stylesheet } from "../../views/styles";

/** What build.ts writes to dist/manifest.json (build.ts imports this type: one contract). */
export interface Manifest {
  /**
   * Each kind of page's inline CSS: only the partials that page uses (views/styles.ts, decision
   * 037); and `consent`, the banner's, appended to the landing page's only where a tool needs
   * consent (decision 045).
   */
  css: Record<Stylesheet, string>;
  headScript: string;
  /** Public URL of the client entry (content-hashed): the one script the landing page loads (decisions 027, 029). */
  mainScript: string;
  /** Public URL of the measured entry (main plus consent), named instead of main when a measurement tool is configured (decision 044). */
  measuredScript: string;
  /** Public URL of the islands' code (content-hashed), which the entry imports on demand (decision 027). */
  islandsScript: string;
  /** Public URL of the icon sprite (content-hashed, decision 023). */
  sprite: string;
  /** Public URL of the measurement tags' loader (content-hashed), imported only after consent (decision 047). */
  tagsScript: string;
}

/** The manifest and where the files it names are served from. */
export interface Assets extends Manifest {
  /** Folder holding the hashed client files, served under /assets. */
  assetsDir: string;
  /** Folder of static public files (icons, preview image). */
  publicDir: string;
}

/** The project root: the nearest folder above this file with a package.json (works from src/ and dist/). */
export function projectRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, "package.json"))) {
    const up = dirname(dir);
    if (up === dir) throw new Error("package.json not found above " + fileURLToPath(import.meta.url));
    dir = up;
  }
  return dir;
}

export function loadAssets(root = projectRoot()): Assets {
  const file = join(root, "dist", "manifest.json");
  if (!existsSync(file)) throw new Error("dist/manifest.json is missing: run `npm run build` first");
  const manifest = JSON.parse(readFileSync(file, "utf8")) as Manifest;
  return { ...manifest, assetsDir: join(root, "dist", "public", "assets"), publicDir: join(root, "public") };
}
