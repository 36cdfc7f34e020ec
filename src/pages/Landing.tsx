/** `/`: the landing page in the resolved language. */
import { jsonForScript } from "../../views/document";
import { ConsentBanner } from "../components/ConsentBanner";
import { Footer } from "../components/Footer";
import { Island } from "../components/Island";
import { Faq } from "../components/landing/Faq";
import { Features } from "../components/landing/Features";
import { Hero } from "../components/landing/Hero";
import { Industries } from "../components/landing/Industries";
import { Pricing } from "../components/landing/Pricing";
import { landingJsonLd } from "../content/structuredData";
import { LANGS, LANGUAGE_INFO, landingHref } from "../shared/languages";
import type { PageContext } from "./context";
import { shareableHead, type PageHead } from "./head";
import type { CalculatorQuery } from "../shared/calculator";

/** Title, description, sharing tags, one alternate per language (and x-default), the JSON-LD. */
export function landingHead(ctx: PageContext): PageHead {
  const { t, config, lang } = ctx;
  const brand = config.brandName;
  return {
    ...shareableHead(ctx, {
      title: t("meta.title", { brand }),
      description: t("meta.description", { brand }),
      path: landingHref(lang),
      imageAlt: t("meta.ogImageAlt", { brand }),
    }),
    alternates: [
      ...LANGS.map((l) => ({ hreflang: LANGUAGE_INFO[l].htmlLang, href: config.siteUrl + landingHref(l) })),
      { hreflang: "x-default", href: config.siteUrl + "/" },
    ],
    jsonLd: jsonForScript(landingJsonLd(config, lang)),
  };
}

export function Landing({ ctx, calculatorQuery }: { ctx: PageContext; calculatorQuery: CalculatorQuery }) {
  const { t, config, lang } = ctx;
  return (
    <>
      <a className="skip-link" href="#main">
        {t("a11y.skip")}
      </a>
      <ConsentBanner ctx={ctx} />
      <Island
        name="header"
        props={{
          homeLabel: t("header.home", { brand: config.brandName }),
          brand: config.brandName,
          navLabel: t("header.navLabel"),
          nav: (["features", "industries", "pricing", "faq"] as const).map((id) => ({
            href: `#${id}`,
            label: t(`header.nav.${id}`),
          })),
          signIn: { href: config.appUrl, label: t("header.signIn") },
          signUp: { href: config.appUrl, label: t("header.signUp") },
          menuLabel: t("header.menu"),
          languageLabel: t("header.language"),
          languageListLabel: t("header.languageList"),
          current: lang,
          languages: LANGS.map((l) => ({
            lang: l,
            name: LANGUAGE_INFO[l].name,
            htmlLang: LANGUAGE_INFO[l].htmlLang,
            href: landingHref(l),
          })),
        }}
      />
      <main id="main" tabIndex={-1}>
        <Hero ctx={ctx} />
        <Features ctx={ctx} />
        <Industries ctx={ctx} />
        <Pricing ctx={ctx} calculatorQuery={calculatorQuery} />
        <Faq ctx={ctx} />
      </main>
      <Footer ctx={ctx} />
    </>
  );
}
