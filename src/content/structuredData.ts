/**
 * The landing page's JSON-LD: Organization, WebSite and the product with its plans as Offers,
 * priced exactly as the page shows them (in the language's currency, src/shared/languages.ts). Only facts the site
 * states: no ratings, no reviews.
 */
import { LANGS, LANGUAGE_INFO, landingHref, type Lang } from "../shared/languages";
import { PLANS } from "../shared/plans";
import type { PageSettings } from "./site";
import { formatPrice, priceSpec, t } from "./catalogue";

export function landingJsonLd(config: PageSettings, lang: Lang): object {
  const url = config.siteUrl + landingHref(lang);
  const org = `${config.siteUrl}/#organization`;
  return {
    "@context": "https://schema.org",
    "@graph": [
      {
        "@type": "Organization",
        "@id": org,
        name: config.brandName,
        url: config.siteUrl + "/",
        logo: `${config.siteUrl}/apple-touch-icon.png`,
        contactPoint: { "@type": "ContactPoint", contactType: "customer support", email: config.contactEmail },
        sameAs: [config.social.instagram, config.social.linkedin, config.social.youtube],
      },
      {
        "@type": "WebSite",
        "@id": `${config.siteUrl}/#website`,
        url: config.siteUrl + "/",
        name: config.brandName,
        inLanguage: LANGS.map((l) => LANGUAGE_INFO[l].htmlLang),
        publisher: { "@id": org },
      },
      {
        "@type": "SoftwareApplication",
        name: config.brandName,
        url,
        applicationCategory: "BusinessApplication",
        operatingSystem: "Web",
        description: t(lang, "meta.description", { brand: config.brandName }),
        inLanguage: LANGUAGE_INFO[lang].htmlLang,
        publisher: { "@id": org },
        offers: PLANS.flatMap((plan) => {
          const spec = priceSpec(lang, plan);
          if (!spec) return [];
          return [
            {
              "@type": "Offer",
              name: plan.name,
              price: spec.price.toFixed(2),
              priceCurrency: spec.currency,
              description: formatPrice(lang, plan),
              url: `${url}#pricing`,
            },
          ];
        }),
      },
    ],
  };
}
