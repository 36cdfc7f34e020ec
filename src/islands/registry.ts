/**
 * The islands: the only components whose code ships to the browser. The server renders each one
 * into its own root, with its props serialized beside it; client/islands.ts hydrates each root
 * with the same identifierPrefix (the markers: src/shared/islandMarkers.ts).
 */
import type { FunctionComponent } from "react";
import { Calculator } from "./Calculator";
import { Header } from "./Header";

export const ISLANDS = { header: Header, calculator: Calculator } as const satisfies Record<
  string,
  FunctionComponent<never>
>;
export type IslandName = keyof typeof ISLANDS;
