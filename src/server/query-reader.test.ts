/**
 * One query reader (decision 058, issue 35): every route reads its query through
 * src/shared/query.ts (`queryOf`, `parseQuery`, `single`), never with a URLSearchParams of its own,
 * so a repeated or malformed parameter reads the same on every endpoint. Only the report's links
 * and a form's redirect build a query with it (writing, not reading).
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const root = new URL("../..", import.meta.url).pathname;
const sources = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !name.includes(".test.") ? [path] : [];
  });

describe("the server's query", () => {
  it("is read by the one reader only", () => {
    const readers = sources(join(root, "src/server"))
      .filter((path) => readFileSync(path, "utf8").includes("URLSearchParams"))
      .map((path) => relative(root, path));
    // Both build a query from an object (links, a redirect after a form): writing, not reading.
    expect(readers).toEqual(["src/server/report/actions.tsx", "src/server/report/links.ts"]);
  });
});
