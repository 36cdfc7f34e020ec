/**
 * The frame of the landing page and of every segment page (decision 055): skip link, consent
 * banner, the header island (section anchors, sign in/up, the language switcher), the page's
 * `<main>` and the footer. The page says where its anchors and its other languages are: a segment
 * page has no features grid of its own, so its "Features" links go to the landing page's.
 */
import type { ReactNode } from "react";
import type { PageContext } from "../content/pageContext";
import { LANGS, LANGUAGE_INFO } from "../shared/languages";
import { NAV_SECTIONS, type FrameLinks } from "./frameLinks";
import { ConsentBanner } from "./ConsentBanner";
import { Footer } from "./Footer";
import { Island } from "./Island";

export function LandingFrame({ ctx, links, children }: { ctx: PageContext; links: FrameLinks; children: ReactNode }) {
  const { t, settings, lang } = ctx;
  return (
    <>
      <a className="skip-link" href="#main">
        {t("a11y.skip")}
      </a>
      <ConsentBanner ctx={ctx} />
      <Island
        name="header"
        props={{
          homeLabel: t(links.home ? "segment.logo" : "header.home", { brand: settings.brandName }),
          homeHref: links.home,
          brand: settings.brandName,
          navLabel: t("header.navLabel"),
          nav: NAV_SECTIONS.map((id) => ({ href: links.nav[id], label: t(`header.nav.${id}`) })),
          signIn: { href: ctx.appHref, label: t("header.signIn") },
          signUp: { href: ctx.appHref, label: t("header.signUp") },
          menuLabel: t("header.menu"),
          languageLabel: t("header.language"),
          languageListLabel: t("header.languageList"),
          current: lang,
          languages: LANGS.map((l) => ({
            lang: l,
            name: LANGUAGE_INFO[l].name,
            htmlLang: LANGUAGE_INFO[l].htmlLang,
            href: links.languageHref(l),
          })),
        }}
      />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <Footer ctx={ctx} nav={links.nav} />
    </>
  );
}
