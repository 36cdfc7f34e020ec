/**
 * Server side of an island (Astro's model): the island is rendered into a root of its own with
 * the identifierPrefix the client will use, and its props are serialized once beside it as JSON.
 * Once per page (src/shared/islandMarkers.ts): the shell refuses a second root of the same island.
 */
import type { ComponentProps, ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { ISLANDS, type IslandName } from "../islands/registry";
import { ISLAND_ATTR, islandPrefix, propsId } from "../shared/islandMarkers";
import { jsonForScript } from "../../views/document";

export function Island<N extends IslandName>({ name, props }: { name: N; props: ComponentProps<(typeof ISLANDS)[N]> }) {
  const Component = ISLANDS[name] as unknown as (p: object) => ReactNode;
  const html = renderToString(<Component {...props} />, { identifierPrefix: islandPrefix(name) });
  return <IslandRoot name={name} html={html} json={jsonForScript(props)} />;
}

/** An island's root and its props, from the island's HTML and its props' JSON, both finished. */
export function IslandRoot({ name, html, json }: { name: IslandName; html: string; json: string }) {
  return (
    <>
      <div className="island" {...{ [ISLAND_ATTR]: name }} dangerouslySetInnerHTML={{ __html: html }} />
      <script type="application/json" id={propsId(name)} dangerouslySetInnerHTML={{ __html: json }} />
    </>
  );
}
