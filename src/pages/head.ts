/**
 * A page's own <head> metadata (title, description, canonical, alternates, Open Graph and Twitter
 * tags, JSON-LD, robots). Each page builds it beside its component (landingHead, legalHead,
 * messageHead); src/server/render.tsx puts it in the document with the body and the assets.
 */
import type { DocumentOptions } from "../../views/document";
import { LANGS, LANGUAGE_INFO } from "../shared/languages";
import type { PageContext } from "../content/pageContext";

export type PageHead = Pick<
  DocumentOptions,
  "title" | "description" | "canonical" | "alternates" | "meta" | "jsonLd" | "robots"
>;

/**
 * The head of a page that search engines index and messengers preview: title, description, the
 * canonical URL of `path`, and the Open Graph and Twitter card tags (WhatsApp shows the Open Graph
 * preview) in the context's language.
 */
export function shareableHead(
  { settings, lang }: PageContext,
  o: { title: string; description: string; path: string; imageAlt: string },
): PageHead {
  const canonical = settings.siteUrl + o.path;
  // One preview per language (scripts/make-images.ts draws them from the catalogues).
  const image = `${settings.siteUrl}/og-image-${lang}.png`;
  return {
    title: o.title,
    description: o.description,
    canonical,
    meta: [
      ["property", "og:type", "website"],
      ["property", "og:site_name", settings.brandName],
      ["property", "og:title", o.title],
      ["property", "og:description", o.description],
      ["property", "og:url", canonical],
      ["property", "og:locale", LANGUAGE_INFO[lang].ogLocale],
      ...LANGS.filter((l) => l !== lang).map((l): [string, string, string] => [
        "property",
        "og:locale:alternate",
        LANGUAGE_INFO[l].ogLocale,
      ]),
      ["property", "og:image", image],
      ["property", "og:image:type", "image/png"],
      ["property", "og:image:width", "1200"],
      ["property", "og:image:height", "630"],
      ["property", "og:image:alt", o.imageAlt],
      ["name", "twitter:card", "summary_large_image"],
      ["name", "twitter:title", o.title],
      ["name", "twitter:description", o.description],
      ["name", "twitter:image", image],
      ["name", "twitter:image:alt", o.imageAlt],
    ],
  };
}
