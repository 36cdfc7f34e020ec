import type { PageContext } from "../pages/context";
import { Identification } from "./SimpleFooter";
import { whatsappHref } from "../server/sales";

const NETWORKS = [
  {
    key: "instagram",
    name: "Instagram",
    path: "M12 7.3a4.7 4.7 0 1 0 0 9.4 4.7 4.7 0 0 0 0-9.4Zm0 7.7a3 3 0 1 1 0-6 3 3 0 0 1 0 6Zm4.9-8.9a1.1 1.1 0 1 1 0 2.2 1.1 1.1 0 0 1 0-2.2ZM12 3.6c2.7 0 3 0 4.1.1 2.8.1 4.1 1.4 4.2 4.2.1 1.1.1 1.4.1 4.1s0 3-.1 4.1c-.1 2.8-1.4 4.1-4.2 4.2-1.1.1-1.4.1-4.1.1s-3 0-4.1-.1c-2.8-.1-4.1-1.4-4.2-4.2C3.6 15 3.6 14.7 3.6 12s0-3 .1-4.1C3.8 5.1 5.1 3.8 7.9 3.7 9 3.6 9.3 3.6 12 3.6Z",
  },
  {
    key: "linkedin",
    name: "LinkedIn",
    path: "M4.5 3.5a2 2 0 1 1 0 4 2 2 0 0 1 0-4ZM3 9h3v11.5H3V9Zm5 0h2.9v1.6c.4-.8 1.4-1.8 3.1-1.8 3.3 0 3.9 2.2 3.9 5v6.7h-3v-6c0-1.4 0-3.2-2-3.2s-2.3 1.5-2.3 3.1v6.1H8V9Z",
  },
  {
    key: "youtube",
    name: "YouTube",
    path: "M21.6 7.2a2.5 2.5 0 0 0-1.8-1.8C18.2 5 12 5 12 5s-6.2 0-7.8.4A2.5 2.5 0 0 0 2.4 7.2 26 26 0 0 0 2 12c0 1.6.1 3.2.4 4.8a2.5 2.5 0 0 0 1.8 1.8c1.6.4 7.8.4 7.8.4s6.2 0 7.8-.4a2.5 2.5 0 0 0 1.8-1.8c.3-1.6.4-3.2.4-4.8s-.1-3.2-.4-4.8ZM10 15V9l5.2 3L10 15Z",
  },
] as const;

/** The landing page's footer (server HTML only). */
export function Footer({ ctx }: { ctx: PageContext }) {
  const { t, config } = ctx;
  const brand = config.brandName;
  const whatsapp = whatsappHref(config, ctx.lang);
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
                  href={config.social[n.key]}
                  aria-label={t("footer.socialLink", { brand, network: n.name })}
                  rel="noopener"
                >
                  <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                    <path d={n.path} fill="currentColor" />
                  </svg>
                </a>
              </li>
            ))}
          </ul>
        </div>
        <nav className="footer-col" aria-labelledby="footer-product">
          <h2 id="footer-product">{t("footer.product")}</h2>
          <ul>
            <li>
              <a href="#features">{t("header.nav.features")}</a>
            </li>
            <li>
              <a href="#industries">{t("header.nav.industries")}</a>
            </li>
            <li>
              <a href="#pricing">{t("header.nav.pricing")}</a>
            </li>
            <li>
              <a href="#faq">{t("header.nav.faq")}</a>
            </li>
            <li>
              <a href={config.appUrl}>{t("footer.signUp")}</a>
            </li>
          </ul>
        </nav>
        <nav className="footer-col" aria-labelledby="footer-resources">
          <h2 id="footer-resources">{t("footer.resources")}</h2>
          <ul>
            <li>
              <a href={config.appUrl}>{t("footer.members")}</a>
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
              <a href="#faq">{t("footer.faq")}</a>
            </li>
            <li>
              <a href={`mailto:${config.contactEmail}`}>{t("footer.contact")}</a>
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
          </ul>
        </nav>
      </div>
      <div className="container footer-bottom">
        <p>{t("footer.copyright", { year: ctx.today.year, brand })}</p>
        <p>
          <a href={`mailto:${config.contactEmail}`}>{config.contactEmail}</a>
        </p>
        <Identification ctx={ctx} />
      </div>
    </footer>
  );
}
