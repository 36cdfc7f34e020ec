/*
 * Hydrates each island (src/islands/registry.ts) in its own React root, with the props the server
 * serialized beside it and the same identifierPrefix the server used. Loaded lazily by main.ts.
 */
import { createElement, useEffect, type FunctionComponent } from "react";
import { hydrateRoot } from "react-dom/client";
import { ISLANDS, type IslandName } from "../src/islands/registry";
import { HYDRATED_ATTR, ISLAND_ATTR, islandPrefix, islandSelector, propsId } from "../src/shared/islandMarkers";

/** Marks the root once React has taken it over (CSS and the browser tests read `data-hydrated`). */
function Hydrated({ onMount, name, props }: { onMount: () => void; name: IslandName; props: object }) {
  useEffect(onMount, [onMount]);
  return createElement(ISLANDS[name] as FunctionComponent<object>, props);
}

export function hydrateIslands(): void {
  for (const root of document.querySelectorAll<HTMLElement>(islandSelector())) {
    const name = root.getAttribute(ISLAND_ATTR) as IslandName;
    const json = document.getElementById(propsId(name))?.textContent;
    if (!(name in ISLANDS) || !json) continue;
    hydrateRoot(
      root,
      createElement(Hydrated, {
        onMount: () => root.setAttribute(HYDRATED_ATTR, "true"),
        name,
        props: JSON.parse(json),
      }),
      { identifierPrefix: islandPrefix(name) },
    );
  }
}
