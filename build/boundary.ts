/**
 * What may ship to the browser (decision 012), checked on esbuild's metafile at the end of every
 * browser build (`npm run build`, `npm run dev`): an allow-list of source folders and packages.
 * The lint rule in .oxlintrc.json sees only the import it is on; this sees every file the
 * bundle really holds, however it got there (a re-export, a shared module that grew a server import).
 */
import type { Metafile, Plugin } from "esbuild";

/** Source folders whose files may ship: browser entries, islands, and pure code both sides use. */
export const BROWSER_SOURCES = ["client/", "src/islands/", "src/shared/"] as const;
/** Packages that may ship: React's browser runtime. */
export const BROWSER_PACKAGES = ["react", "react-dom", "scheduler"] as const;

/** Why a known server-side folder may not ship (anything else outside the allow-list is refused too). */
const REASONS: Array<[string, string]> = [
  ["src/server/", "server code"],
  ["src/content/", "content for server rendering (it pulls the catalogues; islands get finished strings as props)"],
  ["src/pages/", "a server-rendered page"],
  ["src/components/", "a server-only component (components both sides use go in src/shared/ui/)"],
  ["views/", "the document shell"],
  ["locales/", "a catalogue (islands get finished strings as props)"],
];

export interface Violation {
  /** The input as esbuild names it (relative to the working directory). */
  file: string;
  reason: string;
  /** How an entry point reaches it: entry first, the file itself last. */
  chain: string[];
}

/** The package a node_modules path belongs to (`@scope/name` or `name`), or null. */
function packageOf(file: string): string | null {
  const at = file.lastIndexOf("node_modules/");
  if (at < 0) return null;
  const [first, second] = file.slice(at + "node_modules/".length).split("/");
  return first.startsWith("@") ? `${first}/${second}` : first;
}

/** Why `file` may not be in the browser bundle, or null when it may. */
export function refusal(file: string): string | null {
  const pkg = packageOf(file);
  if (pkg !== null) return (BROWSER_PACKAGES as readonly string[]).includes(pkg) ? null : `the package ${pkg}`;
  if (/\.test\.[cm]?[jt]sx?$/.test(file)) return "a test file";
  if (BROWSER_SOURCES.some((dir) => file.startsWith(dir))) return null;
  return REASONS.find(([dir]) => file.startsWith(dir))?.[1] ?? "outside client/, src/islands/ and src/shared/";
}

/** Every input of the bundle that may not ship, with the import chain that brought it in. */
export function browserBundleViolations(metafile: Metafile): Violation[] {
  const entries = Object.values(metafile.outputs).flatMap((o) => (o.entryPoint ? [o.entryPoint] : []));
  // Breadth-first from the entry points: the first importer found gives the shortest chain.
  const parent = new Map<string, string | null>(entries.map((e) => [e, null]));
  const queue = [...new Set(entries)];
  for (let i = 0; i < queue.length; i++) {
    for (const { path, external } of metafile.inputs[queue[i]]?.imports ?? []) {
      if (external || parent.has(path) || !(path in metafile.inputs)) continue;
      parent.set(path, queue[i]);
      queue.push(path);
    }
  }
  const chainTo = (file: string) => {
    const chain = [file];
    for (let p = parent.get(file); p; p = parent.get(p)) chain.unshift(p);
    return chain;
  };
  return Object.keys(metafile.inputs).flatMap((file) => {
    const reason = refusal(file);
    return reason ? [{ file, reason, chain: chainTo(file) }] : [];
  });
}

const ALLOWED =
  `Only ${BROWSER_SOURCES.join(", ")} and the packages ${BROWSER_PACKAGES.join(", ")} ship to the browser ` +
  "(docs/decisions/012-what-ships-to-the-browser.md).";

/** One line per violation: the file, why, and how it got in. */
export function describeViolation(v: Violation): string {
  const via = v.chain.length > 1 ? `; imported via ${v.chain.slice(0, -1).join(" > ")}` : "";
  return `${v.file} may not ship to the browser: ${v.reason}${via}`;
}

export const PLUGIN_NAME = "browser-boundary";

/**
 * An esbuild plugin that fails the build (one error per offending file) when the bundle holds
 * anything outside the allow-list. It switches the metafile on for the build it is added to.
 * esbuild prints these errors itself in watch mode, not in a one-off build() (build.ts prints them).
 */
export function browserBoundary(): Plugin {
  return {
    name: PLUGIN_NAME,
    setup(build) {
      build.initialOptions.metafile = true;
      build.onEnd((result) => {
        if (!result.metafile) return;
        return {
          errors: browserBundleViolations(result.metafile).map((v) => ({
            text: describeViolation(v),
            notes: [{ text: ALLOWED }],
          })),
        };
      });
    },
  };
}
