/**
 * The names that tie an island's server HTML to its hydration (as honojs/honox keeps its island
 * attributes in one constants module): the server component (src/components/Island.tsx) writes
 * them, the shell checks them (views/document.ts), the client reads them (client/main.ts,
 * client/islands.ts, client/consent.ts, client/attribution.ts). CSS cannot import: the partials'
 * `[data-island]:not([data-hydrated])` spell the first two by hand (views/styles/header-menus.css).
 *
 * One instance of each island per page (docs/architecture.md): its root, its props' id and its
 * identifierPrefix all come from its name, so a second instance would share them;
 * islandsOncePerPage() refuses that when the page is rendered.
 */

/** On an island's root; the value is the island's name (src/islands/registry.ts). */
export const ISLAND_ATTR = "data-island";
/** Set on the root once React has taken it over (CSS and the browser tests read it). */
export const HYDRATED_ATTR = "data-hydrated";
/** On the client entry's script tag, on pages with islands: the islands bundle's URL. */
export const ISLANDS_SCRIPT_ATTR = "data-islands";

/** Every island root, or the root of the island `name`. */
export const islandSelector = (name?: string) => (name ? `[${ISLAND_ATTR}="${name}"]` : `[${ISLAND_ATTR}]`);
/** The id of the JSON script beside the island's root that holds its props. */
export const propsId = (name: string) => `props-${name}`;
/** The identifierPrefix of the island's React root, the same on the server and in the browser. */
export const islandPrefix = (name: string) => `${name}-`;

const ROOT = new RegExp(` ${ISLAND_ATTR}="([^"]*)"`, "g");

/** Throws, naming the island, when a page's body holds a second root of the same island. */
export function islandsOncePerPage(body: string): void {
  const seen = new Set<string>();
  for (const [, name] of body.matchAll(ROOT)) {
    if (seen.has(name))
      throw new Error(
        `The island "${name}" is rendered twice on one page: an island may appear once per page ` +
          `(its root, props id "${propsId(name)}" and identifierPrefix come from its name; docs/architecture.md)`,
      );
    seen.add(name);
  }
}
