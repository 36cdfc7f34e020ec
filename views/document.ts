/**
 * The HTML document shell around every page: head (metadata, inline CSS, the inline head snippet
 * on the landing page) and the body the page rendered. Plain string building: nothing here runs in
 * the browser except what it inlines.
 */
import { ISLANDS_SCRIPT_ATTR, islandsOncePerPage } from "../src/shared/islandMarkers";

export interface DocumentOptions {
  htmlLang: string;
  title: string;
  description: string;
  /** Absolute canonical URL; omitted on error pages. */
  canonical?: string;
  alternates?: Array<{ hreflang: string; href: string }>;
  /** Extra <meta>/<link> tags (Open Graph, Twitter) as [attribute, key, content]. */
  meta?: Array<[string, string, string]>;
  jsonLd?: string;
  css: string;
  headScript?: string;
  /**
   * The client entry: a module script (run after parsing), at the browser's default priority (at
   * low priority Lighthouse's simulated load schedules it later, into a longer task: decision 027)…
   */
  mainScript?: string;
  /** …and, on a page with islands, the code it imports for them on demand (its `data-islands`). */
  islandsScript?: string;
  /** More attributes of the client entry's tag (the measurement settings, src/shared/pageData.ts). */
  scriptData?: Array<[name: string, value: string]>;
  robots?: string;
  /** Attributes of `<body>` (APP_URL, the page's segment and variant: src/shared/pageData.ts). */
  bodyData?: Array<[name: string, value: string]>;
  body: string;
}

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ESCAPES[c]);

/** JSON safe inside <script> (island props, JSON-LD): nothing in it can close the element. */
export const jsonForScript = (value: unknown) =>
  JSON.stringify(value).replace(/</g, "\\u003c").replace(/>/g, "\\u003e").replace(/&/g, "\\u0026");

export function renderDocument(o: DocumentOptions): string {
  islandsOncePerPage(o.body);
  const head = [
    `<meta charset="utf-8">`,
    `<meta name="viewport" content="width=device-width, initial-scale=1">`,
    o.headScript ? `<script>${o.headScript}</script>` : "",
    `<title>${escapeHtml(o.title)}</title>`,
    `<meta name="description" content="${escapeHtml(o.description)}">`,
    o.robots ? `<meta name="robots" content="${escapeHtml(o.robots)}">` : "",
    o.canonical ? `<link rel="canonical" href="${escapeHtml(o.canonical)}">` : "",
    ...(o.alternates ?? []).map(
      (a) => `<link rel="alternate" hreflang="${escapeHtml(a.hreflang)}" href="${escapeHtml(a.href)}">`,
    ),
    `<meta name="theme-color" content="#0b1f17">`,
    `<link rel="icon" href="/favicon.ico" sizes="32x32">`,
    `<link rel="icon" href="/favicon.svg" type="image/svg+xml">`,
    `<link rel="apple-touch-icon" href="/apple-touch-icon.png">`,
    ...(o.meta ?? []).map(
      ([attr, key, content]) => `<meta ${attr}="${escapeHtml(key)}" content="${escapeHtml(content)}">`,
    ),
    `<style>${o.css}</style>`,
    o.mainScript
      ? `<script type="module" src="${escapeHtml(o.mainScript)}"${o.islandsScript ? ` ${ISLANDS_SCRIPT_ATTR}="${escapeHtml(o.islandsScript)}"` : ""}${(o.scriptData ?? []).map(([name, value]) => ` ${name}="${escapeHtml(value)}"`).join("")}></script>`
      : "",
    o.jsonLd ? `<script type="application/ld+json">${o.jsonLd}</script>` : "",
  ].filter(Boolean);
  return `<!DOCTYPE html><html lang="${escapeHtml(o.htmlLang)}"><head>${head.join("")}</head><body id="top"${(o.bodyData ?? []).map(([k, v]) => ` ${k}="${escapeHtml(v)}"`).join("")}>${o.body}</body></html>`;
}
