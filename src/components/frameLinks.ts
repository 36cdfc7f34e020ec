/**
 * Where the landing frame's header and footer links go (src/components/LandingFrame.tsx): its own
 * module, so that the frame and its footer both import it and not each other.
 */
import type { Lang } from "../shared/languages";

export const NAV_SECTIONS = ["features", "industries", "pricing", "faq"] as const;
export type NavSection = (typeof NAV_SECTIONS)[number];

export interface FrameLinks {
  /** Where each header anchor goes (`#pricing` on this page, `/en#features` on the landing page). */
  nav: Record<NavSection, string>;
  /** This page in another language. */
  languageHref: (lang: Lang) => string;
  /** Where the logo goes (the landing page, from another page); the landing page's own top when absent. */
  home?: string;
}
