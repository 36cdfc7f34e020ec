/**
 * The SVG sprite build.ts writes (decision 023): one <symbol> per icon of src/content/icons.ts,
 * read from @tabler/icons. Outline icons carry no paint of their own, so the page's CSS (`.icon`:
 * stroke currentColor) draws them; filled ones paint themselves with currentColor.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { ICONS } from "../src/content/icons";

/** A Tabler icon's file ("outline/NAME"), through the package's own exports map. */
const tablerFile = (source: string) => createRequire(import.meta.url).resolve(`@tabler/icons/${source}.svg`);

/** The inner elements of one Tabler SVG file, without Tabler's invisible 24×24 bounding path. */
function innerOf(svg: string, source: string): string {
  const body = svg.match(/<svg[^>]*>([\s\S]*)<\/svg>/)?.[1];
  if (!body) throw new Error(`not an SVG: ${source}`);
  return body
    .replace(/<path stroke="none" d="M0 0h24v24H0z" fill="none"\s*\/>/, "")
    .replace(/\s+/g, " ")
    .replace(/> </g, "><")
    .replace(/ \/>/g, "/>")
    .trim();
}

export function buildSprite(): string {
  const symbols = Object.entries(ICONS).map(([id, source]) => {
    const paint = source.startsWith("filled/") ? ' fill="currentColor" stroke="none"' : "";
    const inner = innerOf(readFileSync(tablerFile(source), "utf8"), source);
    return `<symbol id="${id}" viewBox="0 0 24 24"${paint}>${inner}</symbol>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg">${symbols.join("")}</svg>\n`;
}
