/**
 * robots.txt and sitemap.xml (every landing and segment page with its language alternates, from
 * the route table): what search engines ask for. Built once from SITE_URL at start-up, kept a day
 * by browsers and caches.
 */
import type { RequestHandler } from "express";
import { escapeHtml } from "../../../views/document";
import { DEFAULT_LANG, LANGS, LANGUAGE_INFO, landingHref, type Lang } from "../../shared/languages";
import { SEGMENT_KEYS, segmentPath } from "../../content/segments";
import type { PageSettings } from "../../content/site";

function robotsTxt(config: PageSettings): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${config.siteUrl}/sitemap.xml\n`;
}

function sitemapXml(config: PageSettings): string {
  const url = (path: string) => escapeHtml(config.siteUrl + path);
  /** A page in each language, each entry listing all of them (and x-default) as alternates. */
  const cluster = (pathOf: (lang: Lang) => string) => {
    const alternates = [
      ...LANGS.map(
        (l) => `<xhtml:link rel="alternate" hreflang="${LANGUAGE_INFO[l].htmlLang}" href="${url(pathOf(l))}"/>`,
      ),
      `<xhtml:link rel="alternate" hreflang="x-default" href="${url(pathOf(DEFAULT_LANG))}"/>`,
    ].join("");
    return LANGS.map((l) => `<url><loc>${url(pathOf(l))}</loc>${alternates}</url>`);
  };
  const landing = cluster((l) => landingHref(l));
  const segments = SEGMENT_KEYS.flatMap((key) => cluster((l) => segmentPath(l, key)));
  const legal = ["/privacy", "/terms"].map((p) => `<url><loc>${url(p)}</loc></url>`);
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">` +
    [...landing, ...segments, ...legal].join("") +
    `</urlset>\n`
  );
}

function sendText(type: string, text: string): RequestHandler {
  const body = Buffer.from(text);
  return (_req, res) => {
    res.setHeader("Cache-Control", "public, max-age=86400");
    res.type(type).send(body);
  };
}

export function seoFiles(config: PageSettings): { robots: RequestHandler; sitemap: RequestHandler } {
  return {
    robots: sendText("text/plain; charset=utf-8", robotsTxt(config)),
    sitemap: sendText("application/xml; charset=utf-8", sitemapXml(config)),
  };
}
