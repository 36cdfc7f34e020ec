/**
 * Vitest keeps the modules it transformed on disk between runs (`experimental.fsModuleCache`,
 * vitest.config.ts, decision 114): a run after the first skips the TypeScript/TSX transform of every
 * unchanged file. Vitest keys a cached module by its own bytes, its id, the Vite configuration and
 * the config file; what else can change the code a file compiles to is added here, so that no run
 * ever executes a stale transform:
 * - the set of source files: an import without an extension resolves by which files exist
 *   (`./x` is `x.ts` or `x/index.ts`), so adding, removing or renaming any file starts afresh;
 * - tsconfig.json (the transform reads its compiler options) and package.json.
 * node_modules is Vitest's own key (the lockfile). `npx vitest --clearCache` empties the cache.
 */
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Plugin } from "vitest/config";

const SOURCE_DIRS = ["src", "client", "views", "tests", "scripts", "build", "locales"];

function sourceKey(root: string): string {
  const hash = createHash("sha256");
  const walk = (dir: string) => {
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true }).sort((a, b) =>
      a.name < b.name ? -1 : 1,
    )) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(path);
      else hash.update(`${path}\n`);
    }
  };
  for (const dir of SOURCE_DIRS) walk(dir);
  for (const file of ["tsconfig.json", "package.json"]) hash.update(readFileSync(join(root, file)));
  return hash.digest("hex");
}

/** The plugin that adds {@link sourceKey} to every cached module's key. */
export function moduleCacheKey(root: string): Plugin {
  let key: string | undefined;
  return {
    name: "xia-module-cache-key",
    configureVitest({ experimental_defineCacheKeyGenerator }) {
      key ??= sourceKey(root);
      const current = key;
      experimental_defineCacheKeyGenerator(() => current);
    },
  };
}
