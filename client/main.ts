/*
 * The one client entry (module, never render-blocking), on the landing page, and the only script it
 * loads (decision 027; the legal and error pages load none, decision 029): built alone, it imports
 * nothing. Carries campaign attribution to the application's links, and runs the reveal and the
 * layout measurements, right away. React and the islands' code (client/islands.ts) load only when
 * they are about to be needed: on the first pointer, touch or focus inside an island, or when the
 * calculator comes near the viewport. Their URL (content-hashed) is the `data-islands` the server
 * puts on this script's tag, on pages with islands only. Until then the islands work as they do
 * without JavaScript (menus open through :target, languages are links, the calculator is a GET
 * form), so a first tap never waits; the header picks up a menu opened that way once it hydrates.
 */
import { keepArm } from "./arm";
import { startAttribution } from "./attribution";
import type * as Islands from "./islands";
import { startLayout } from "./layout";
import { startReveal } from "./reveal";
import { startSales } from "./sales";
import { ISLAND_ATTR, ISLANDS_SCRIPT_ATTR, islandSelector } from "../src/shared/islandMarkers";

keepArm();
startAttribution();
startSales();
startLayout();
startReveal();

const islandsScript = document.querySelector(`script[${ISLANDS_SCRIPT_ATTR}]`)?.getAttribute(ISLANDS_SCRIPT_ATTR);
const roots = islandsScript ? [...document.querySelectorAll<HTMLElement>(islandSelector())] : [];
const TRIGGERS = ["pointerover", "pointerdown", "touchstart", "focusin"] as const;
let started = false;
let nearby: IntersectionObserver | undefined;

function hydrate(): void {
  if (started || !islandsScript) return;
  started = true;
  for (const root of roots) for (const type of TRIGGERS) root.removeEventListener(type, hydrate);
  nearby?.disconnect();
  // A run-time URL: esbuild leaves this import alone, so main stays free of imports.
  void (import(islandsScript) as Promise<typeof Islands>).then((m) => m.hydrateIslands());
}

for (const root of roots) for (const type of TRIGGERS) root.addEventListener(type, hydrate, { passive: true });
const calculator = roots.find((root) => root.getAttribute(ISLAND_ATTR) === "calculator");
if (calculator && "IntersectionObserver" in window) {
  nearby = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && hydrate(), {
    rootMargin: "400px 0px",
  });
  nearby.observe(calculator);
}
