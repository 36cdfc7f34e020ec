import { build, type BuildFailure, type Metafile, type Plugin } from "esbuild";
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { builds, metafilesPath } from "../build";
import { browserBundleViolations, refusal } from "./boundary";

/** The real islands build with one more island, src/islands/Probe.tsx (in memory), registered beside the others. */
function withProbeIsland(source: string): Plugin {
  return {
    name: "probe-island",
    setup(b) {
      b.onLoad({ filter: /src[\\/]islands[\\/]registry\.ts$/ }, (args) => ({
        contents: readFileSync(args.path, "utf8") + '\nimport "./Probe";\n',
        loader: "ts",
      }));
      b.onResolve({ filter: /^\.\/Probe$/ }, (args) => ({ path: join(args.resolveDir, "Probe.tsx") }));
      b.onLoad({ filter: /[\\/]Probe\.tsx$/ }, () => ({
        contents: source,
        loader: "tsx",
        resolveDir: resolve("src/islands"),
      }));
    },
  };
}

const buildIslands = (...extra: Plugin[]) =>
  build({ ...builds.islands, write: false, logLevel: "silent", plugins: [...extra, ...builds.islands.plugins] });

/** Whole builds take seconds when the machine is busy. */
const SLOW = 60_000;

describe("the browser bundle boundary (build)", { timeout: SLOW }, () => {
  it("passes the real islands bundle, the entries, the tags loader and the head snippet, which hold islands and shared code", () => {
    // What `npm run build` (build.ts) built just before the tests, not a second build of the same.
    const built = JSON.parse(readFileSync(metafilesPath, "utf8")) as Record<
      "main" | "islands" | "tags" | "head",
      Metafile
    >;
    expect(Object.keys(built.islands.inputs)).toEqual(
      expect.arrayContaining(["src/islands/Header.tsx", "src/shared/ui/Flag.tsx", "node_modules/react-dom/client.js"]),
    );
    expect(Object.keys(built.main.inputs)).toEqual(expect.arrayContaining(["client/main.ts", "client/measured.ts"]));
    expect(Object.keys(built.tags.inputs)).toContain("client/tags.ts");
    expect(Object.keys(built.head.inputs)).toContain("client/head.ts");
    for (const metafile of Object.values(built)) expect(browserBundleViolations(metafile)).toEqual([]);
  });

  it("checks the entry every page loads as well: main may not pull server code either", async () => {
    const probe: Plugin = {
      name: "probe-entry",
      setup(b) {
        b.onLoad({ filter: /client[\\/]main\.ts$/ }, (args) => ({
          contents:
            readFileSync(args.path, "utf8") +
            '\nimport { loadConfig } from "../src/server/config";\nconsole.log(loadConfig);\n',
          loader: "ts",
        }));
      },
    };
    const main = build({ ...builds.main, write: false, logLevel: "silent", plugins: [probe, ...builds.main.plugins] });
    await expect(main).rejects.toMatchObject({
      errors: expect.arrayContaining([
        expect.objectContaining({
          text: expect.stringMatching(
            /^src\/server\/config\.ts may not ship .*server code; imported via client\/main\.ts$/,
          ),
        }),
      ]),
    });
  });

  it.each([
    ["../server/config", "loadConfig", "src/server/config.ts", "server code"],
    ["../../views/document", "escapeHtml", "views/document.ts", "the document shell"],
    ["../components/Footer", "Footer", "src/components/Footer.tsx", "a server-only component"],
    ["../content/sales", "salesHref", "src/content/sales.ts", "content for server rendering"],
  ])("fails when an island imports %s, naming the file and how it got in", async (from, name, file, reason) => {
    const island = `import { ${name} } from "${from}";\nexport const Probe = () => <p>{String(${name})}</p>;\n`;
    const failure: BuildFailure = await buildIslands(withProbeIsland(island)).then(
      () => expect.fail("the build passed"),
      (e: BuildFailure) => e,
    );
    const error = failure.errors.find((e) => e.text.startsWith(`${file} may not ship to the browser: ${reason}`));
    expect(error?.text).toMatch(
      /; imported via client\/islands\.ts > src\/islands\/registry\.ts > src\/islands\/Probe\.tsx$/,
    );
  });

  it("fails when an island imports a catalogue", async () => {
    const island = `import pt from "../../locales/pt.json";\nexport const Probe = () => <p>{pt["hero.title"]}</p>;\n`;
    await expect(buildIslands(withProbeIsland(island))).rejects.toMatchObject({
      errors: [
        expect.objectContaining({ text: expect.stringMatching(/^locales\/pt\.json may not ship .*a catalogue/) }),
      ],
    });
  });

  it("refuses anything outside the allow-list, allows React's packages wherever node_modules is", () => {
    expect(refusal("../../elsewhere/node_modules/react-dom/client.js")).toBeNull();
    expect(refusal("node_modules/express/index.js")).toBe("the package express");
    expect(refusal("src/shared/calculator.test.ts")).toBe("a test file");
    expect(refusal("build.ts")).toBe("outside client/, src/islands/ and src/shared/");
  });
});

/**
 * Lints probe files with the project's .oxlintrc.json, in one oxlint run: each probe is written at
 * its path (folder and extension are what the rules go by) in a directory of its own beside a copy
 * of the configuration. Returns the no-restricted-imports reports of each probe, message and help
 * (oxlint puts the pattern's message in the help).
 */
function restrictedImports(probes: { filePath: string; code: string }[]): Map<string, string[]> {
  const dir = mkdtempSync(join(tmpdir(), "xia-boundary-"));
  try {
    copyFileSync(".oxlintrc.json", join(dir, ".oxlintrc.json"));
    const names = probes.map(({ filePath, code }, i) => {
      const name = join(dirname(filePath), `${i}-${filePath.split("/").pop()}`);
      mkdirSync(join(dir, dirname(name)), { recursive: true });
      writeFileSync(join(dir, name), code);
      return name;
    });
    let out: string;
    try {
      out = execFileSync(
        process.execPath,
        [resolve("node_modules/oxlint/bin/oxlint"), "-c", ".oxlintrc.json", "-f", "json"],
        {
          cwd: dir,
          encoding: "utf8",
        },
      );
    } catch (e) {
      out = (e as { stdout: string }).stdout; // exit code 1: the reports are what the tests are about
    }
    const { diagnostics } = JSON.parse(out) as {
      diagnostics: { code: string; message: string; help?: string; filename: string }[];
    };
    const found = new Map<string, string[]>();
    probes.forEach(({ filePath, code }, i) => {
      const reports = diagnostics
        .filter((d) => d.filename === names[i] && d.code === "eslint(no-restricted-imports)")
        .map((d) => `${d.message} ${d.help ?? ""}`);
      found.set(`${filePath}\n${code}`, reports);
    });
    return found;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe("the import rules (oxlint): browser code, and the layers below the server", () => {
  // Every probe the tests below read, linted once before them.
  const probes: { filePath: string; code: string }[] = [];
  const probe = (filePath: string, code: string) => probes.push({ filePath, code });
  let found: Map<string, string[]>;
  beforeAll(() => {
    found = restrictedImports(probes);
  }, SLOW);
  const restricted = async (code: string, filePath: string) => {
    const reports = found.get(`${filePath}\n${code}`);
    if (!reports) throw new Error(`no probe registered for ${filePath}: ${code}`);
    return reports;
  };

  const tail = (code: string) => `${code}\nconsole.log(1);\n`;

  const BROWSER: [string, string, string][] = [
    ["src/islands/Probe.tsx", 'import { loadConfig } from "../server/config";', "server code (src/server)"],
    ["src/islands/Probe.tsx", 'import pt from "../../locales/pt.json";', "never a catalogue"],
    ["src/islands/Probe.tsx", 'import { renderDocument } from "../../views/document";', "document shell"],
    ["src/islands/Probe.tsx", 'import { Landing } from "../pages/Landing";', "server-rendered pages"],
    ["src/islands/Probe.tsx", 'import { Footer } from "../components/Footer";', "src/components/ is server-only"],
    ["src/shared/probe.ts", 'import { t } from "../server/render";', "server code (src/server)"],
    ["src/islands/Probe.tsx", 'import { t } from "../content/catalogue";', "it pulls the catalogues"],
    ["client/probe.ts", 'import type { PageSettings } from "../src/content/site";', "it pulls the catalogues"],
    ["client/probe.ts", 'import { loadConfig } from "../src/server/config";', "server code (src/server)"],
    ["client/probe.ts", 'import { readFileSync } from "node:fs";', "Server-only module"],
  ];
  // The layers (decision 035): src/server/ is HTTP only; what renders takes its settings and copy from src/content/.
  const RENDERING: [string, string][] = [
    ["src/components/Probe.tsx", 'import { whatsappHref } from "../server/sales";'],
    ["src/components/landing/Probe.tsx", 'import { loadConfig } from "../../server/config";'],
    ["src/pages/Probe.tsx", 'import type { Config } from "../server/config";'],
    ["src/content/probe.ts", 'import { createApp } from "../server/app";'],
  ];
  const SERVER_ONLY: [string, string][] = [
    ["src/content/probe.ts", 'import { readFileSync } from "node:fs";'],
    ["src/pages/Probe.tsx", 'import express from "express";'],
  ];
  const ABOVE_CONTENT = [
    'import { Footer } from "../components/Footer";',
    'import type { PageHead } from "../pages/head";',
  ];
  const ALLOWED: [string, string][] = [
    [
      "src/components/Probe.tsx",
      'import { renderToString } from "react-dom/server";\nimport { salesHref } from "../content/sales";\nimport type { PageSettings } from "../content/site";\nconsole.log(renderToString, salesHref);\n',
    ],
    ["src/pages/Probe.tsx", 'import { t } from "../content/catalogue";\nconsole.log(t);\n'],
    [
      "src/islands/Probe.tsx",
      'import { Flag } from "../shared/ui/Flag";\nimport { LANGS } from "../shared/languages";\nconsole.log(Flag, LANGS);\n',
    ],
    // A test beside the code may reach what the code may not (as in ESLint's config before, decision 133).
    ["src/islands/Probe.test.ts", tail('import { loadConfig } from "../server/config";')],
    ["src/pages/Probe.test.ts", tail('import { createApp } from "../server/app";')],
  ];
  for (const [filePath, code] of [...BROWSER, ...RENDERING, ...SERVER_ONLY]) probe(filePath, tail(code));
  for (const code of ABOVE_CONTENT) probe("src/content/probe.ts", tail(code));
  for (const [filePath, code] of ALLOWED) probe(filePath, code);

  it.each(BROWSER)("reports %s importing: %s", async (filePath, code, message) => {
    expect(await restricted(tail(code), filePath)).toEqual([expect.stringContaining(message)]);
  });

  it.each(RENDERING)("reports %s importing the server: %s", async (filePath, code) => {
    expect(await restricted(tail(code), filePath)).toEqual([expect.stringContaining("src/server/ is HTTP only")]);
  });

  it.each(SERVER_ONLY)("reports %s importing a server-only module: %s", async (filePath, code) => {
    expect(await restricted(tail(code), filePath)).toEqual([
      expect.stringContaining("Server-only module in rendering code"),
    ]);
  });

  it.each(ABOVE_CONTENT)("reports src/content/ importing the layer above it: %s", async (code) => {
    expect(await restricted(tail(code), "src/content/probe.ts")).toEqual([
      expect.stringContaining("src/content/ sits below the pages"),
    ]);
  });

  it.each(ALLOWED)(
    "lets %s import content, React's server renderer, shared code, or (a test) anything",
    async (filePath, code) => {
      expect(await restricted(code, filePath)).toEqual([]);
    },
  );
});
