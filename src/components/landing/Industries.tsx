/** The landing industries grid (server HTML only). */
import type { PageContext } from "../../pages/context";
import { Section } from "./Section";

export const INDUSTRY_KEYS = [
  "odontology",
  "vehicles",
  "aesthetics",
  "commerce",
  "isp",
  "medical",
  "education",
  "delivery",
  "tourism",
  "industry",
  "accounting",
  "law",
  "bars_restaurants",
  "iphone_store",
  "real_estate",
  "gym",
  "fashion",
  "consultancy",
] as const;

export function Industries({ ctx }: { ctx: PageContext }) {
  const { t } = ctx;
  return (
    <Section id="industries" title={t("industries.title")} subtitle={t("industries.subtitle")} alt>
      <ul className="industry-grid">
        {INDUSTRY_KEYS.map((key) => (
          <li key={key}>{t(`industries.${key}`)}</li>
        ))}
      </ul>
      <p className="industries-more">{t("industries.more")}</p>
    </Section>
  );
}
