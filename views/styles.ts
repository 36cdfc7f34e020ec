/**
 * The site's CSS (decision 037): partial files in views/styles/, one per component or section,
 * joined by the build into one stylesheet per kind of page, which the server inlines in that
 * page's <head>. A page carries only the partials it uses: the legal pages and the 404 and error
 * pages have no hero, pricing, calculator or landing header menus.
 *
 * Build-time only (build.ts, scripts/dev.ts); the server imports nothing from here but the type.
 *
 * Breakpoints are written once, in tokens.css, as custom media (`@custom-media --md (min-width:
 * 768px);`). A partial says `@media (--md)` (that width and wider) or `@media (--below-md)`
 * (narrower than it); this build replaces both with plain media queries, since browsers do not
 * read custom media yet. Any other width in a partial's @media, or an unknown name, fails the build.
 */
import type { Plugin, PartialMessage } from "esbuild";
import { readFileSync } from "node:fs";
import { join } from "node:path";

export const STYLES_DIR = "views/styles";

/** The landing page's partials; a segment page has the same sections and adds to them. */
const LANDING_STYLES = [
  "tokens",
  "base",
  "buttons",
  "header",
  "header-menus",
  "hero",
  "sections",
  "features",
  "industries",
  "pricing",
  "calculator",
  "faq",
  "footer",
  "footer-columns",
  "reveal",
] as const;

/**
 * Each kind of page and its partials (views/styles/<name>.css), in cascade order: a later partial
 * wins over an earlier one at equal specificity. A partial new to a page goes in its list here.
 */
export const PAGE_STYLES = {
  landing: LANDING_STYLES,
  // A segment page: the landing page's sections and what it adds to them (decision 055).
  segment: [...LANDING_STYLES, "segment"],
  legal: ["tokens", "base", "header", "footer", "legal"],
  message: ["tokens", "base", "buttons", "header", "footer", "message"],
} as const satisfies Record<string, readonly string[]>;

/** The kinds of page, each with a stylesheet of its own: landing, segment, legal (privacy, terms), message (404, errors). */
export type StylePage = keyof typeof PAGE_STYLES;
export const STYLE_PAGES = Object.keys(PAGE_STYLES) as StylePage[];

/**
 * Every stylesheet the build makes: one per kind of page, plus the consent banner's, which the
 * server appends to the landing page's only when a tool needs consent (decision 045), so that a
 * site with nothing of measurement configured carries not a byte of it.
 */
export const STYLESHEETS = { ...PAGE_STYLES, consent: ["consent"] } as const satisfies Record<
  string,
  readonly string[]
>;
export type Stylesheet = keyof typeof STYLESHEETS;
export const STYLESHEET_NAMES = Object.keys(STYLESHEETS) as Stylesheet[];

/** A breakpoint's name (without the dashes) and the width from which it applies, in px. */
export type Breakpoints = Map<string, number>;

const CUSTOM_MEDIA = /@custom-media\s+--([a-z][\w-]*)\s+([^;]*);/g;
/** Comments go first: one that mentions a media query must not be read as one. */
const withoutComments = (css: string) => css.replace(/\/\*[\s\S]*?\*\//g, "");
const BREAKPOINT = /^\(min-width:\s*(\d+)px\)$/;

/** The breakpoints tokens.css declares: `@custom-media --name (min-width: Npx);`, nothing else. */
export function readBreakpoints(tokens: string): Breakpoints {
  const out: Breakpoints = new Map();
  for (const [, name, query] of withoutComments(tokens).matchAll(CUSTOM_MEDIA)) {
    const width = BREAKPOINT.exec(query.trim());
    if (!width) throw new Error(`--${name}: a breakpoint is "(min-width: Npx)", not "${query.trim()}"`);
    if (name.startsWith("below-")) throw new Error(`--${name}: "below-" names are made by the build`);
    out.set(name, Number(width[1]));
  }
  return out;
}

/**
 * `css` with its custom media replaced: `(--md)` by `(min-width: 768px)`, `(--below-md)` by
 * `(max-width: 767.98px)` (no gap or overlap at fractional widths), and the @custom-media rules
 * removed. Throws on an unknown name and on a width written in a @media query.
 */
export function expandBreakpoints(css: string, breakpoints: Breakpoints): string {
  return withoutComments(css)
    .replace(CUSTOM_MEDIA, "")
    .replace(/@media([^{;]*)\{/g, (rule, prelude: string) => {
      if (/width|height/.test(prelude.replace(/\(--[\w-]+\)/g, "")))
        throw new Error(
          `"@media${prelude.trimEnd()}": use a named breakpoint from tokens.css (${[...breakpoints.keys()].map((n) => `--${n}`).join(", ")})`,
        );
      return rule.replace(/\(--([\w-]+)\)/g, (_, name: string) => {
        const below = name.startsWith("below-");
        const width = breakpoints.get(below ? name.slice("below-".length) : name);
        if (width === undefined) throw new Error(`"(--${name})" is not a breakpoint in tokens.css`);
        return below ? `(max-width: ${width - 0.02}px)` : `(min-width: ${width}px)`;
      });
    });
}

const partialFile = (name: string) => join(STYLES_DIR, `${name}.css`);

/** A stylesheet before minification: its partials, in order, with breakpoints expanded. */
export function joinPartials(sheet: Stylesheet): string {
  const breakpoints = readBreakpoints(readFileSync(partialFile("tokens"), "utf8"));
  return STYLESHEETS[sheet]
    .map((name) => {
      const file = partialFile(name);
      try {
        return expandBreakpoints(readFileSync(file, "utf8"), breakpoints);
      } catch (error) {
        throw new Error(`${file}: ${(error as Error).message}`, { cause: error });
      }
    })
    .join("\n");
}

const NAMESPACE = "page-styles";

/**
 * The esbuild plugin behind build.ts's css build: entry `page-styles:landing` is the landing page's
 * joined partials, and so on; esbuild minifies them and, in watch mode, rebuilds when any changes.
 */
export function pageStyles(): Plugin {
  return {
    name: NAMESPACE,
    setup(build) {
      build.onResolve({ filter: new RegExp(`^${NAMESPACE}:`) }, (args) => ({
        path: args.path.slice(NAMESPACE.length + 1),
        namespace: NAMESPACE,
      }));
      build.onLoad({ filter: /.*/, namespace: NAMESPACE }, (args) => {
        const page = args.path as Stylesheet;
        const watchFiles = [...STYLESHEETS[page], "tokens"].map((name) => join(process.cwd(), partialFile(name)));
        try {
          return { contents: joinPartials(page), loader: "css", resolveDir: STYLES_DIR, watchFiles };
        } catch (error) {
          const errors: PartialMessage[] = [{ text: (error as Error).message }];
          return { errors, watchFiles };
        }
      });
    },
  };
}

/** build.ts's entry points for the css build: one output per stylesheet, named after it. */
export const styleEntryPoints = Object.fromEntries(STYLESHEET_NAMES.map((sheet) => [sheet, `${NAMESPACE}:${sheet}`]));
