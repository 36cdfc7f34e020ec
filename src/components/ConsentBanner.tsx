/**
 * The consent banner (decision 045), in the landing page's HTML for every visitor and hidden:
 * client/consent.ts shows it only when the visitor has no valid choice, so the cached page stays
 * the same bytes for everyone and a returning visitor never sees it flash. Without JavaScript it
 * stays hidden (no tag could run anyway). "Accept all" and "Reject all" look the same; the
 * categories (only those of the configured tools) start unticked behind "Choose by category".
 * Fixed at the bottom (CSS), not modal: the page stays usable behind it.
 */
import type { PageContext } from "../content/pageContext";
import { consentAction } from "../shared/pageData";
import { LEGAL_LANG } from "../content/catalogue";
import { LANGUAGE_INFO } from "../shared/languages";
import { adRecipients, consentCategories, PREFERENCES_ID, type Category } from "../shared/measurement";

/**
 * Meta, Google Ads or both: the conversion recipients. The paragraph names them itself, and what
 * each receives after "talk to sales" (the click identifier, qualified or sale, the value), whatever
 * tags are configured (decisions 079, 103); the advertising category names them too.
 */
function salesRecipients(ctx: PageContext): "meta" | "google" | "both" | "none" {
  const { meta, googleAds } = ctx.settings.conversions;
  return meta ? (googleAds ? "both" : "meta") : googleAds ? "google" : "none";
}

/**
 * The configured tools of each category, named as the visitor knows them (names in the catalogues);
 * under advertising, also the conversion recipients the server sends the ad click to (decision 079).
 */
function toolNames(ctx: PageContext, category: Category): string {
  const m = ctx.settings.measurement;
  const to = salesRecipients(ctx);
  const keys =
    category === "measurement"
      ? [m.ga4 && "ga4", m.gtm && "gtm"]
      : // GTM is "measurement"; its Google Ads tags also need "advertising" (decision 047).
        [m.metaPixel && "meta", m.gtm && "ads", to !== "none" && "conversions"];
  return keys
    .filter(Boolean)
    .map((k) => ctx.t(`consent.tool.${k}`, { to }))
    .join(", ");
}

/**
 * The companies behind the tools that set cookies (`who`, proper names, the same in every language)
 * and behind the advertising recipients, tags or conversions (`owners`).
 */
function owners(ctx: PageContext, categories: Category[]): { who: string; owners: string } {
  const m = ctx.settings.measurement;
  const google = categories.includes("measurement") || Boolean(m.gtm);
  const meta = Boolean(m.metaPixel);
  const names = [google && "Google", meta && "Meta"].filter(Boolean).join(", ");
  const ads = adRecipients(m, ctx.settings.conversions);
  return { who: names, owners: ads.meta ? (ads.google ? "both" : "meta") : "google" };
}

/** What the first sentence says sets cookies: the categories of the tags (none: conversions only). */
function taggedCategories(ctx: PageContext): string {
  const tagged = consentCategories(ctx.settings.measurement);
  return tagged.length === 2 ? "both" : (tagged[0] ?? "none");
}

export function ConsentBanner({ ctx }: { ctx: PageContext }) {
  const { t, lang } = ctx;
  const categories = consentCategories(ctx.settings.measurement, ctx.settings.conversions);
  if (!categories.length) return null;
  return (
    <section id={PREFERENCES_ID} className="consent" aria-label={t("consent.label")} tabIndex={-1} hidden>
      {/* Each text one string, so React writes no <!-- --> between text nodes (decision 045: bytes). */}
      <p>
        {`${t("consent.text", {
          categories: taggedCategories(ctx),
          sales: salesRecipients(ctx),
          who: owners(ctx, categories).who,
          // Who may use the advertising data for its own purposes: said in the first layer (decision 103).
          owners: categories.includes("advertising") ? owners(ctx, categories).owners : "none",
        }).trimStart()} `}
        <a
          // Without a tag the privacy page has no measurement section: its conversions section.
          href={`/privacy#${consentCategories(ctx.settings.measurement).length ? "medicao-e-cookies" : "conversoes"}`}
          hrefLang={lang === LEGAL_LANG ? undefined : LANGUAGE_INFO[LEGAL_LANG].htmlLang}
        >
          {t("footer.privacy")}
        </a>
      </p>
      {/* No type="button": there is no form here for a button to submit. */}
      <button className="btn btn-secondary" {...consentAction("all")}>
        {t("consent.accept")}
      </button>
      <button className="btn btn-secondary" {...consentAction("none")}>
        {t("consent.reject")}
      </button>
      <button
        className="btn btn-secondary"
        {...consentAction("choose")}
        aria-expanded="false"
        aria-controls="consent-categories"
      >
        {t("consent.choose")}
      </button>
      {/* Named by aria-label rather than a visually hidden legend: the same name, fewer bytes. */}
      <fieldset id="consent-categories" aria-label={t("consent.categories")} hidden>
        {categories.map((c) => (
          <label key={c}>
            <input type="checkbox" name={c} /> <strong>{t(`consent.${c}`)}</strong>
            {` ${t(`consent.${c}Hint`, { tools: toolNames(ctx, c) })}`}
          </label>
        ))}
        <button className="btn btn-secondary" {...consentAction("save")}>
          {t("consent.save")}
        </button>
      </fieldset>
    </section>
  );
}
