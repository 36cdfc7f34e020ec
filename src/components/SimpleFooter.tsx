import { identification } from "../content/identification";
import type { PageContext } from "../content/pageContext";
import { LEGAL_LANG } from "../content/catalogue";
import { LANGUAGE_INFO, landingHref } from "../shared/languages";
import { consentTools, PREFERENCES_ID } from "../shared/measurement";

/**
 * Who provides the site, on every page's footer (Decreto 7.962/2013, art. 2): company name, CNPJ
 * and address (or the catalogue's placeholder for each one not set), with the labels of the page's language.
 */
export function Identification({ ctx }: { ctx: PageContext }) {
  return <p className="footer-id">{ctx.t("footer.identification", { ...identification(ctx.settings, ctx.lang) })}</p>;
}

/** The footer of the legal, 404 and error pages: legal links, contact, copyright, identification. */
export function SimpleFooter({ ctx }: { ctx: PageContext }) {
  const { t, settings, lang } = ctx;
  const ptOnly = lang === LEGAL_LANG ? undefined : LANGUAGE_INFO[LEGAL_LANG].htmlLang;
  return (
    <footer className="site-footer simple-footer">
      <div className="container footer-bottom">
        <nav aria-label={t("footer.legal")}>
          <ul className="inline-links">
            <li>
              <a href="/terms" hrefLang={ptOnly}>
                {t("footer.terms")}
              </a>
            </li>
            <li>
              <a href="/privacy" hrefLang={ptOnly}>
                {t("footer.privacy")}
              </a>
            </li>
            {consentTools(settings.measurement, settings.conversions).length ? (
              <li>
                {/* No script here (decision 029): the landing page opens the choice from this fragment. */}
                <a href={`${landingHref(lang)}#${PREFERENCES_ID}`}>{t("footer.cookies")}</a>
              </li>
            ) : null}
            <li>
              <a href={`mailto:${settings.contactEmail}`}>{settings.contactEmail}</a>
            </li>
          </ul>
        </nav>
        <p>{t("footer.copyright", { year: ctx.today.year, brand: settings.brandName })}</p>
        <Identification ctx={ctx} />
      </div>
    </footer>
  );
}
