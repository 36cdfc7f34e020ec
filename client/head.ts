/*
 * Inlined in the <head> of the Portuguese landing page (CSP: by hash). A returning visitor who
 * chose English or Spanish and arrives on a URL without `lang` goes to their language before
 * anything is painted: the document is hidden, then replaced. Storage that throws is ignored.
 * Only the key comes from src/shared/languages.ts (esbuild inlines it; the rest is tree-shaken).
 */
import { STORAGE_KEY } from "../src/shared/languages";

try {
  const saved = localStorage.getItem(STORAGE_KEY);
  const url = new URL(location.href);
  if ((saved === "en" || saved === "es") && url.pathname === "/" && !url.searchParams.has("lang")) {
    document.documentElement.style.display = "none";
    url.searchParams.set("lang", saved);
    location.replace(url.href);
  }
} catch {
  /* storage blocked: stay in Portuguese */
}
