/**
 * The consent banner (decision 045), in the landing page's HTML for every visitor and hidden:
 * client/consent.ts shows it only when the visitor has no valid choice, so the cached page stays
 * the same bytes for everyone and a returning visitor never sees it flash. Without JavaScript it
 * stays hidden (no tag could run anyway). "Accept all" and "Reject all" look the same; the
 * categories (only those of the configured tools) start unticked behind "Choose by category".
 * Fixed at the bottom (CSS), not modal: the page stays usable behind it.
 */
import type { PageContext } from "../pages/context";
import { consentCategories, PREFERENCES_ID, type Category } from "../shared/measurement";

/** The configured tools of each category, named as the visitor knows them. */
function toolNames(ctx: PageContext, category: Category): string {
  const m = ctx.config.measurement;
  const names =
    category === "measurement"
      ? [m.ga4 && "Google Analytics", m.gtm && "Google Tag Manager"]
      : [m.metaPixel && "Meta Pixel", m.gtm && "Google Tag Manager"];
  return names.filter(Boolean).join(", ");
}

export function ConsentBanner({ ctx }: { ctx: PageContext }) {
  const { t, lang } = ctx;
  const categories = consentCategories(ctx.config.measurement);
  if (!categories.length) return null;
  const asked = categories.length === 2 ? "both" : categories[0];
  return (
    <section id={PREFERENCES_ID} className="consent" aria-label={t("consent.label")} tabIndex={-1} hidden>
      <p>
        {t("consent.text", { categories: asked })}{" "}
        <a href="/privacy#medicao-e-cookies" hrefLang={lang === "pt" ? undefined : "pt-BR"}>
          {t("footer.privacy")}
        </a>
      </p>
      <div className="consent-actions">
        <button className="btn btn-secondary" type="button" data-consent="all">
          {t("consent.accept")}
        </button>
        <button className="btn btn-secondary" type="button" data-consent="none">
          {t("consent.reject")}
        </button>
        <button
          className="btn btn-outline"
          type="button"
          data-consent="choose"
          aria-expanded="false"
          aria-controls="consent-categories"
        >
          {t("consent.choose")}
        </button>
      </div>
      <fieldset id="consent-categories" hidden>
        <legend className="visually-hidden">{t("consent.categories")}</legend>
        {categories.map((c) => (
          <label key={c}>
            <input type="checkbox" name={c} /> <strong>{t(`consent.${c}`)}</strong>{" "}
            {t(`consent.${c}Hint`, { tools: toolNames(ctx, c) })}
          </label>
        ))}
        <button className="btn btn-secondary" type="button" data-consent="save">
          {t("consent.save")}
        </button>
      </fieldset>
    </section>
  );
}
