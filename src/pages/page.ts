/**
 * A page descriptor (decision 057): each kind of page is declared once, beside its component, with
 * everything the server needs to route, cache and render it. src/pages/index.ts lists them;
 * src/server/app.ts registers a route per path, src/server/pageSender.ts caches and sends a page
 * given its descriptor, src/server/render.tsx puts its head and body in the document.
 */
import type { ReactNode } from "react";
import type { StylePage } from "../../views/styles";
import type { PageContext } from "../content/pageContext";
import type { VariantPage } from "../content/variants";
import type { Lang } from "../shared/languages";
import type { PageHead } from "./head";

export interface PageDescriptor {
  /** The kind of page and which one (`landing`, `segment:dental`, `privacy`, `notFound`): its cache keys start with it. */
  name: string;
  /** Its path in each language it exists in; none for a page that answers any path (404, errors). */
  paths: Partial<Record<Lang, string>>;
  /**
   * A page an ad lands on (the landing page, a segment page): which page its message-match
   * variants and its source reference name (decision 056). Such a page holds the calculator, and
   * `?leads=&interactions=` gets its answer. null: no variant, no reference, no answer.
   */
  adPage: VariantPage | null;
  /**
   * Whether it loads the client entry and, when configured, the measurement tools (their settings
   * on the entry's tag, their hosts in its CSP; decisions 029, 046). Only pages with islands do.
   */
  loadsMeasurement: boolean;
  /** Its inline stylesheet (decision 037). */
  styles: StylePage;
  /** Whether its document carries the inline head snippet for returning visitors (the landing page at `/`). */
  headScript?: (lang: Lang) => boolean;
  head(ctx: PageContext): PageHead;
  render(ctx: PageContext): ReactNode;
}

/**
 * The cache key of a page in a language, with a known variant or none: one copy per key and day
 * (src/server/pageCache.ts). The one place keys are built, so that the key space stays closed
 * (pages × languages × the variants the catalogues hold).
 */
export function cacheKey(page: PageDescriptor, lang: Lang, variant: string | null, xa?: string): string {
  return `${page.name}:${lang}` + (variant === null ? "" : `:v=${variant}`) + (xa ? `:xa=${xa}` : "");
}

/** The paths a page is routed at, with their language. */
export function pathsOf(page: PageDescriptor): Array<{ lang: Lang; path: string }> {
  return Object.entries(page.paths).map(([lang, path]) => ({ lang: lang as Lang, path: path! }));
}
