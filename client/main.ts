/*
 * The one client entry (module, never render-blocking). Runs the reveal and the layout
 * measurements right away, then hydrates the islands when the browser is idle: React and the
 * islands' code (client/islands.ts) load off the critical path.
 */
import { startLayout } from "./layout";
import { startReveal } from "./reveal";

startLayout();
startReveal();

const hydrate = () => void import("./islands").then((m) => m.hydrateIslands());
if ("requestIdleCallback" in window) requestIdleCallback(hydrate, { timeout: 1500 });
else setTimeout(hydrate, 200);
