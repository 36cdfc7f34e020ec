/** The 404 page and the error pages (400, 405, 500…): a title, a sentence and a way home. Nothing hydrates. */
import { SimpleHeader } from "../components/SimpleHeader";
import { landingHref } from "../shared/languages";
import type { PageContext } from "./context";

export function Message({ ctx, title, text, home }: { ctx: PageContext; title: string; text: string; home: string }) {
  const { t, config, lang } = ctx;
  return (
    <>
      <a className="skip-link" href="#main">
        {t("a11y.skip")}
      </a>
      <SimpleHeader
        brand={config.brandName}
        homeLabel={t("header.home", { brand: config.brandName })}
        homeHref={landingHref(lang)}
      />
      <main id="main" className="message container narrow" tabIndex={-1}>
        <h1>{title}</h1>
        <p>{text}</p>
        <p>
          <a className="btn btn-primary" href={landingHref(lang)}>
            {home}
          </a>
        </p>
      </main>
    </>
  );
}
