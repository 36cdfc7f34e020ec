/** robots.txt and sitemap.xml, built once from SITE_URL. */
import { escapeHtml } from "../../views/document";
import { LANGS, LANGUAGE_INFO, landingHref } from "../shared/languages";
import type { Config } from "./config";

export function robotsTxt(config: Config): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${config.siteUrl}/sitemap.xml\n`;
}

export function sitemapXml(config: Config): string {
  const url = (path: string) => escapeHtml(config.siteUrl + path);
  const alternates = [
    ...LANGS.map(
      (l) => `<xhtml:link rel="alternate" hreflang="${LANGUAGE_INFO[l].htmlLang}" href="${url(landingHref(l))}"/>`,
    ),
    `<xhtml:link rel="alternate" hreflang="x-default" href="${url("/")}"/>`,
  ].join("");
  const landing = LANGS.map((l) => `<url><loc>${url(landingHref(l))}</loc>${alternates}</url>`);
  const legal = ["/privacy", "/terms"].map((p) => `<url><loc>${url(p)}</loc></url>`);
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">` +
    [...landing, ...legal].join("") +
    `</urlset>\n`
  );
}
