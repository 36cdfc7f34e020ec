import type { PageSettings } from "../content/site";
import type { Today } from "../content/dates";
import type { Translate } from "../content/catalogue";
import type { Lang } from "../shared/languages";
import type { Source } from "../content/source";

/** Everything a page needs to render: resolved per request, then passed down. */
export interface PageContext {
  lang: Lang;
  t: Translate;
  /** What pages show (decision 050): the server's settings never reach a page. */
  config: PageSettings;
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
  /** APP_URL as this page links to it: with `xia_ref=<ref>` when the page has a reference. */
  appHref: string;
}
