/** `/`, `/en`, `/es`: the landing page in its path's language. */
import { jsonForScript } from "../../views/document";
import { LandingFrame } from "../components/LandingFrame";
import type { FrameLinks } from "../components/frameLinks";
import { Faq } from "../components/landing/Faq";
import { Features } from "../components/landing/Features";
import { Hero, landingHero } from "../components/landing/Hero";
import { Industries } from "../components/landing/Industries";
import { Pricing } from "../components/landing/Pricing";
import { landingJsonLd } from "../content/structuredData";
import { DEFAULT_LANG, LANGS, LANGUAGE_INFO, landingHref } from "../shared/languages";
import type { PageContext } from "../content/pageContext";
import { shareableHead, type PageHead } from "./head";
import type { PageDescriptor } from "./page";

/** Title, description, sharing tags, one alternate per language (and x-default), the JSON-LD. */
export function landingHead(ctx: PageContext): PageHead {
  const { t, settings, lang } = ctx;
  const brand = settings.brandName;
  return {
    ...shareableHead(ctx, {
      title: t("meta.title", { brand }),
      description: t("meta.description", { brand }),
      path: landingHref(lang),
      imageAlt: t("meta.ogImageAlt", { brand }),
    }),
    alternates: [
      ...LANGS.map((l) => ({ hreflang: LANGUAGE_INFO[l].htmlLang, href: settings.siteUrl + landingHref(l) })),
      { hreflang: "x-default", href: settings.siteUrl + "/" },
    ],
    jsonLd: jsonForScript(landingJsonLd(settings, lang)),
  };
}

/** The landing page's anchors are its own sections; its other languages are the other landing pages. */
const LANDING_LINKS: FrameLinks = {
  nav: { features: "#features", industries: "#industries", pricing: "#pricing", faq: "#faq" },
  languageHref: (l) => landingHref(l),
};

export function Landing({ ctx }: { ctx: PageContext }) {
  return (
    <LandingFrame ctx={ctx} links={LANDING_LINKS}>
      <Hero ctx={ctx} copy={landingHero(ctx)} />
      <Features ctx={ctx} />
      <Industries ctx={ctx} />
      <Pricing ctx={ctx} />
      <Faq ctx={ctx} />
    </LandingFrame>
  );
}

/** The landing page: one per language, an ad's page (variants, the calculator), the head snippet at `/`. */
export const landingPage: PageDescriptor = {
  name: "landing",
  paths: Object.fromEntries(LANGS.map((lang) => [lang, landingHref(lang)])),
  adPage: "home",
  loadsMeasurement: true,
  styles: "landing",
  headScript: (lang) => lang === DEFAULT_LANG,
  head: landingHead,
  render: (ctx) => <Landing ctx={ctx} />,
};
