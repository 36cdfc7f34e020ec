import type { PageContext } from "../content/pageContext";
import { Identification } from "./SimpleFooter";
import { whatsappHref } from "../content/sales";
import { Icon } from "./Icon";
import { consentTools, PREFERENCES_ID } from "../shared/measurement";
import type { NavSection } from "./frameLinks";

const NETWORKS = [
  { key: "instagram", name: "Instagram" },
  { key: "linkedin", name: "LinkedIn" },
  { key: "youtube", name: "YouTube" },
] as const;

/** The footer of the landing and segment pages (server HTML only); `nav` as the header's anchors. */
export function Footer({ ctx, nav }: { ctx: PageContext; nav: Record<NavSection, string> }) {
  const { t, settings } = ctx;
  const brand = settings.brandName;
  const whatsapp = whatsappHref(settings, ctx.lang, ctx.ref, ctx.xa);
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <div className="footer-brand">
          <p className="footer-logo">{brand}</p>
          <p>{t("footer.tagline")}</p>
          <ul className="social" aria-label={t("footer.social")}>
            {NETWORKS.map((n) => (
              <li key={n.key}>
                <a
                  href={settings.social[n.key]}
                  aria-label={t("footer.socialLink", { brand, network: n.name })}
                  rel="noopener"
                >
                  <Icon sprite={ctx.sprite} name={n.key} />
                </a>
              </li>
            ))}
          </ul>
        </div>
        <nav className="footer-col" aria-labelledby="footer-product">
          <h2 id="footer-product">{t("footer.product")}</h2>
          <ul>
            <li>
              <a href={nav.features}>{t("header.nav.features")}</a>
            </li>
            <li>
              <a href={nav.industries}>{t("header.nav.industries")}</a>
            </li>
            <li>
              <a href={nav.pricing}>{t("header.nav.pricing")}</a>
            </li>
            <li>
              <a href={nav.faq}>{t("header.nav.faq")}</a>
            </li>
            <li>
              <a href={ctx.appHref}>{t("footer.signUp")}</a>
            </li>
          </ul>
        </nav>
        <nav className="footer-col" aria-labelledby="footer-resources">
          <h2 id="footer-resources">{t("footer.resources")}</h2>
          <ul>
            <li>
              <a href={ctx.appHref}>{t("footer.members")}</a>
            </li>
            <li>
              <a href="#calculator">{t("footer.calculator")}</a>
            </li>
          </ul>
        </nav>
        <nav className="footer-col" aria-labelledby="footer-help">
          <h2 id="footer-help">{t("footer.help")}</h2>
          <ul>
            <li>
              <a href={nav.faq}>{t("footer.faq")}</a>
            </li>
            <li>
              <a href={`mailto:${settings.contactEmail}`}>{t("footer.contact")}</a>
            </li>
            {whatsapp ? (
              <li>
                <a href={whatsapp}>{t("footer.whatsapp")}</a>
              </li>
            ) : null}
            <li>
              <a href="/terms" hrefLang="pt-BR">
                {t("footer.terms")}
              </a>
            </li>
            <li>
              <a href="/privacy" hrefLang="pt-BR">
                {t("footer.privacy")}
              </a>
            </li>
            {consentTools(settings.measurement, settings.conversions).length ? (
              <li>
                <a href={`#${PREFERENCES_ID}`}>{t("footer.cookies")}</a>
              </li>
            ) : null}
          </ul>
        </nav>
      </div>
      <div className="container footer-bottom">
        <p>{t("footer.copyright", { year: ctx.today.year, brand })}</p>
        <p>
          <a href={`mailto:${settings.contactEmail}`}>{settings.contactEmail}</a>
        </p>
        <Identification ctx={ctx} />
      </div>
    </footer>
  );
}
