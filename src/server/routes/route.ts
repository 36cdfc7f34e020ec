/** A route of the route table (src/server/routes/index.ts, decision 057). */
import type { RequestHandler } from "express";
import type { Lang } from "../../shared/languages";

export interface Route {
  /** Its path in each language (a language may have none). */
  paths: ReadonlyArray<{ lang: Lang; path: string }>;
  /** Its GET (and HEAD) handler in a path's language. */
  get(lang: Lang): RequestHandler;
  /**
   * false (pages): another spelling of a path (`/EN`, `/en/`) is a 301 to it (decision 042);
   * true: the route answers every spelling itself (the segment pages' parent: one redirect, not two).
   */
  anySpelling?: boolean;
}
