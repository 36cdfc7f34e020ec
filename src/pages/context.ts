import type { PageSettings } from "../content/site";
import type { Today } from "../content/dates";
import type { Translate } from "../content/catalogue";
import type { Lang } from "../shared/languages";

/** Everything a page needs to render: resolved per request, then passed down. */
export interface PageContext {
  lang: Lang;
  t: Translate;
  /** What pages show (decision 050): the server's settings never reach a page. */
  config: PageSettings;
  today: Today;
  /** URL of the icon sprite, for <Icon> (src/components/Icon.tsx). */
  sprite: string;
}
