/**
 * The sessionStorage key of the campaign parameters: client/attribution.ts keeps them under it and
 * the privacy page names it. A module of its own so that only the client entry bundles it (were
 * it in languages.ts, which the islands import too, esbuild would split out a shared chunk).
 */
export const ATTRIBUTION_KEY = "xia_attribution";

/** Beside it, when that set was first kept (ms since the epoch): an fbclid's click time (decision 069). */
export const ATTRIBUTION_TIME_KEY = "xia_attribution_at";
