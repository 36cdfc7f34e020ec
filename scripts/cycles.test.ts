/**
 * The import-cycle check of `npm test` (scripts/cycles.mjs, decision 134): what it counts as an
 * import, and what as a cycle, on a small project of its own in a temporary folder.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { cycles, importGraph } from "./cycles.mjs";

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

/** A project with tsconfig.json's module resolution and these files; returns its cycles from src/ and client/. */
function cyclesOf(files: Record<string, string>): string[][] {
  dir = mkdtempSync(join(tmpdir(), "xia-cycles-"));
  const all = {
    "tsconfig.json": JSON.stringify({
      compilerOptions: { module: "ESNext", moduleResolution: "Bundler", jsx: "react-jsx" },
    }),
    ...files,
  };
  for (const folder of ["src", "client"]) mkdirSync(join(dir, folder));
  for (const [path, text] of Object.entries(all)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return cycles(importGraph(["src", "client"], dir), dir);
}

describe("the import-cycle check", () => {
  it("finds none where imports only go one way (a JSON file and a package are leaves)", () => {
    const found = cyclesOf({
      "src/a.ts":
        'import { b } from "./b";\nimport data from "./data.json";\nimport React from "react";\nexport const a = [b, data, React];\n',
      "src/b.ts": "export const b = 1;\n",
      "src/data.json": "{}\n",
      "client/main.ts": 'import { a } from "../src/a";\nconsole.log(a);\n',
    });
    expect(found).toEqual([]);
  });

  it.each([
    ["values", 'import { b } from "./b";', 'import { a } from "./a";'],
    ["types only", 'import type { B } from "./b";', 'import type { A } from "./a";'],
    ["an inline type import", 'import { type B } from "./b";', 'import { type A } from "./a";'],
    ["a literal dynamic import", 'export const load = () => import("./b");', 'import { a } from "./a";'],
    ["a re-export", 'export * from "./b";', 'export { a } from "./a";'],
  ])("finds a cycle of two modules through %s", (_, inA, inB) => {
    const found = cyclesOf({
      "src/a.ts": `${inA}\nexport const a = 1;\nexport type A = 1;\n`,
      "src/b.ts": `${inB}\nexport const b = 1;\nexport type B = 1;\n`,
    });
    expect(found).toEqual([["src/a.ts", "src/b.ts"]]);
  });

  it("finds a longer cycle across folders, through a folder's index and a .tsx, and a module importing itself", () => {
    const found = cyclesOf({
      "client/entry.ts": 'import { one } from "../src/lib";\nexport const entry = one;\n',
      "src/lib/index.ts": 'export { one } from "./one";\n',
      "src/lib/one.ts": 'import { View } from "../View";\nexport const one = View;\n',
      "src/View.tsx": 'import { entry } from "../client/entry";\nexport const View = () => <p>{String(entry)}</p>;\n',
      "src/self.ts": 'import { self } from "./self";\nexport const self = 1;\nconsole.log(self);\n',
    });
    expect(found).toEqual([["client/entry.ts", "src/lib/index.ts", "src/lib/one.ts", "src/View.tsx"], ["src/self.ts"]]);
  });

  it("follows an import out of the folders it starts from, back into them", () => {
    const found = cyclesOf({
      "src/page.ts": 'import { shell } from "../views/shell";\nexport const page = shell;\n',
      "views/shell.ts": 'import { page } from "../src/page";\nexport const shell = page;\n',
    });
    expect(found).toEqual([["src/page.ts", "views/shell.ts"]]);
  });
});
