import type { ReactNode } from "react";
import type { PageSettings } from "./site";
import type { Today } from "./dates";
import type { Translate } from "./catalogue";
import type { Lang } from "../shared/languages";
import type { Source } from "./source";

/**
 * Everything a page needs to render: resolved per request by src/server/render.tsx, then passed
 * down to the pages and components (which import this type from here, below them; decision 059).
 */
export interface PageContext {
  lang: Lang;
  t: Translate;
  /** What pages show (decision 050): the server's settings never reach a page. */
  settings: PageSettings;
  today: Today;
  /** URL of the icon sprite, for <Icon> (src/components/Icon.tsx). */
  sprite: string;
  /**
   * Where the visitor came from, on a landing or segment page (decision 056): the page (`home` or a
   * segment key) and the ad's variant, if a known one was asked for; null on the other pages.
   */
  source: Source | null;
  /** The page's reference (`ODO`, `ODO-implante`), null on the clean landing page and elsewhere. */
  ref: string | null;
  /** The experiment arm's token the page shows (`dental.b`, issue 37), carried by its sales links; else null. */
  xa: string | null;
  /** APP_URL as this page links to it: with `xia_ref=<ref>` when the page has a reference. */
  appHref: string;
  /**
   * The calculator island on an ad's page, rendered with no answer from the props its answers
   * share (src/server/calculator/props.tsx); null on the other pages.
   */
  calculator: ReactNode;
}
