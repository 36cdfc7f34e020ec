/** `/`: the landing page in the resolved language. */
import { Footer } from "../components/Footer";
import { Island } from "../components/Island";
import { Faq } from "../components/landing/Faq";
import { Features } from "../components/landing/Features";
import { Hero } from "../components/landing/Hero";
import { Industries } from "../components/landing/Industries";
import { Pricing } from "../components/landing/Pricing";
import { LANGS, LANGUAGE_INFO, landingHref } from "../shared/languages";
import type { PageContext } from "./context";
import type { CalculatorQuery } from "../shared/calculator";

export function Landing({ ctx, calculatorQuery }: { ctx: PageContext; calculatorQuery: CalculatorQuery }) {
  const { t, config, lang } = ctx;
  return (
    <>
      <a className="skip-link" href="#main">
        {t("a11y.skip")}
      </a>
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
