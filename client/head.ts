/*
 * Inlined in the <head> of the Portuguese landing page `/` (CSP: by hash). A returning visitor who
 * chose English or Spanish goes to `/en` or `/es` before anything is painted (the document is
 * hidden, then replaced), keeping the query string (campaign parameters) and the #section.
 * `/en` and `/es` never carry this snippet: an explicit language URL is never redirected.
 * Storage that throws is ignored (readSavedLang, which reads STORAGE_KEY from
 * src/shared/languages.ts): the visitor stays in Portuguese.
 */
import { DEFAULT_LANG, landingHref } from "../src/shared/languages";
import { readSavedLang } from "../src/shared/storage";

const saved = readSavedLang();
if (saved && saved !== DEFAULT_LANG && location.pathname === "/") {
  document.documentElement.style.display = "none";
  location.replace(landingHref(saved) + location.search + location.hash);
}
