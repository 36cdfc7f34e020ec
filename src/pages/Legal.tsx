/**
 * `/privacy` and `/terms`: static Portuguese pages (copy in locales/legal.pt.json), with the plain
 * header and footer. Their only script is the client entry (campaign attribution); nothing hydrates.
 */
import type { ReactNode } from "react";
import { SimpleHeader } from "../components/SimpleHeader";
import { legal, t } from "../server/i18n";
import type { PageContext } from "./context";
import { shareableHead, type PageHead } from "./head";

export type LegalRoute = "privacy" | "terms";

/** Title, description and sharing tags, in Portuguese like the page. */
export function legalHead(ctx: PageContext, route: LegalRoute): PageHead {
  const brand = ctx.config.brandName;
  return shareableHead(ctx, {
    title: legal(`${route}.metaTitle`, { brand }),
    description: legal(`${route}.description`, { brand }),
    path: `/${route}`,
    imageAlt: t("pt", "meta.ogImageAlt", { brand }),
  });
}

function LegalLayout({ ctx, title, children }: { ctx: PageContext; title: string; children: ReactNode }) {
  const { config } = ctx;
  const brand = config.brandName;
  return (
    <>
      <a className="skip-link" href="#main">
        {t("pt", "a11y.skip")}
      </a>
      <SimpleHeader brand={brand} homeLabel={t("pt", "header.home", { brand })} homeHref="/" />
      <main id="main" className="legal container narrow" tabIndex={-1}>
        <h1>{title}</h1>
        <p className="legal-updated">{legal("common.lastUpdated", { date: ctx.today.ptBr })}</p>
        {children}
        <p>
          <a href="/">{legal("common.back")}</a>
        </p>
      </main>
      <footer className="site-footer simple-footer">
        <div className="container footer-bottom">
          <nav aria-label={legal("common.navLabel")}>
            <ul className="inline-links">
              <li>
                <a href="/terms">{t("pt", "footer.terms")}</a>
              </li>
              <li>
                <a href="/privacy">{t("pt", "footer.privacy")}</a>
              </li>
              <li>
                <a href={`mailto:${config.contactEmail}`}>{config.contactEmail}</a>
              </li>
            </ul>
          </nav>
          <p>{t("pt", "footer.copyright", { year: ctx.today.year, brand })}</p>
        </div>
      </footer>
    </>
  );
}

const providerArgs = (ctx: PageContext) => ({
  company: ctx.config.companyName,
  cnpj: ctx.config.companyCnpj,
  brand: ctx.config.brandName,
});

export function Privacy({ ctx }: { ctx: PageContext }) {
  const brand = ctx.config.brandName;
  const email = ctx.config.contactEmail;
  return (
    <LegalLayout ctx={ctx} title={legal("privacy.title")}>
      <p>{legal("privacy.intro", { brand })}</p>
      <h2>{legal("privacy.whoTitle")}</h2>
      <p>{legal("common.provider", providerArgs(ctx))}</p>
      <h2>{legal("privacy.collectedTitle")}</h2>
      <p>{legal("privacy.collectedIntro")}</p>
      <ul>
        <li>{legal("privacy.collectedContact")}</li>
        <li>{legal("privacy.collectedUsage")}</li>
        <li>{legal("privacy.collectedDevice")}</li>
        <li>{legal("privacy.collectedLocation")}</li>
      </ul>
      <h2>{legal("privacy.siteTitle")}</h2>
      <p>{legal("privacy.siteText")}</p>
      <h2>{legal("privacy.rightsTitle")}</h2>
      <p>{legal("privacy.rightsIntro")}</p>
      <ul>
        <li>{legal("privacy.rightsAccess")}</li>
        <li>{legal("privacy.rightsCorrection")}</li>
        <li>{legal("privacy.rightsDeletion")}</li>
        <li>{legal("privacy.rightsRevoke")}</li>
      </ul>
      <p>{legal("privacy.rightsHow", { email })}</p>
      <h2>{legal("privacy.lawTitle")}</h2>
      <p>{legal("common.law")}</p>
      <p>{legal("common.contact", { email })}</p>
    </LegalLayout>
  );
}

export function Terms({ ctx }: { ctx: PageContext }) {
  const brand = ctx.config.brandName;
  return (
    <LegalLayout ctx={ctx} title={legal("terms.title")}>
      <p>{legal("terms.intro", { brand })}</p>
      <h2>{legal("terms.providerTitle")}</h2>
      <p>{legal("common.provider", providerArgs(ctx))}</p>
      <h2>{legal("terms.serviceTitle")}</h2>
      <p>{legal("terms.serviceText", { brand })}</p>
      <h2>{legal("terms.accessTitle")}</h2>
      <p>{legal("terms.accessText")}</p>
      <h2>{legal("terms.privacyTitle")}</h2>
      <p>
        {legal("terms.privacyText")} <a href="/privacy">{legal("terms.privacyLink")}</a>
      </p>
      <h2>{legal("terms.lawTitle")}</h2>
      <p>{legal("common.law")}</p>
      <p>{legal("common.contact", { email: ctx.config.contactEmail })}</p>
    </LegalLayout>
  );
}
