/**
 * Where a visitor came from, as the page they landed on names it (issue 26, decision 056): the
 * segment page and the ad's variant. It travels as one short reference, `ODO` or `ODO-implante`
 * (the segment's `ref` from src/content/segments.ts, `SITE` for the landing page, then the variant's
 * code as written): at the end of the WhatsApp message and in the e-mail subject to sales, and in
 * one parameter (`xia_ref`) on every link to the application. Never a click identifier, never
 * anything the visitor typed: only a segment and a code the catalogues know.
 */
import { SEGMENTS } from "./segments";
import type { VariantPage } from "./variants";

/** The query parameter that carries the reference to the application (beside utm_* and the click ids). */
export const SOURCE_PARAM = "xia_ref";
/** The landing page's part of a reference. */
export const HOME_REF = "SITE";

export interface Source {
  /** `home` or a segment key. */
  page: VariantPage;
  /** A known variant code, or null. */
  variant: string | null;
  /**
   * An experiment's arm this page shows (`xa=<experiment>.<arm>`, issue 37): `variant` is then the
   * arm's, and the reference is the experiment page's own, so sales never see the arm.
   */
  xa?: string;
}

/**
 * The reference a page carries, or null for the clean landing page (which carries none, so it
 * stays byte for byte what it was before segments existed).
 */
export function sourceRef(source: Source): string | null {
  if (source.xa) return sourceRef({ page: source.page, variant: null });
  if (source.page === "home" && source.variant === null) return null;
  const base = source.page === "home" ? HOME_REF : SEGMENTS[source.page].ref;
  return source.variant === null ? base : `${base}-${source.variant}`;
}

/** `appUrl` with the reference in its query (before any fragment); the URL itself without one. */
export function withSourceRef(appUrl: string, ref: string | null): string {
  if (ref === null) return appUrl;
  const url = new URL(appUrl);
  url.searchParams.append(SOURCE_PARAM, ref);
  return url.href;
}

/** The segment key of each `ref` in the route table, read once. */
const BY_REF = new Map<string, VariantPage>(
  (Object.keys(SEGMENTS) as Array<keyof typeof SEGMENTS>).map((key) => [SEGMENTS[key].ref, key]),
);

/**
 * The source a reference names (sourceRef's inverse): null or `SITE[-code]` is the landing page,
 * `ODO[-code]` that segment's page; null for anything else. Lets a link be built from the page's
 * reference alone (the calculator's answers know the language and the reference, decision 040).
 */
export function sourceFromRef(ref: string | null): Source | null {
  if (ref === null) return { page: "home", variant: null };
  const dash = ref.indexOf("-");
  const base = dash === -1 ? ref : ref.slice(0, dash);
  const variant = dash === -1 ? null : ref.slice(dash + 1);
  const page = base === HOME_REF ? "home" : BY_REF.get(base);
  return page === undefined ? null : { page, variant };
}
