/** The landing industries grid (server HTML only). */
import type { PageContext } from "../../pages/context";
import { Icon } from "../Icon";
import type { IconId } from "../icons";
import { Section } from "./Section";

/** The industries in page order, each with its icon (copy: `industries.<key>`). */
export const INDUSTRY_ICONS = {
  odontology: "dental",
  vehicles: "car",
  aesthetics: "sparkles",
  commerce: "store",
  isp: "wifi",
  medical: "stethoscope",
  education: "school",
  delivery: "delivery",
  tourism: "plane",
  industry: "factory",
  accounting: "calculator",
  law: "scale",
  bars_restaurants: "kitchen",
  iphone_store: "smartphone",
  real_estate: "estate",
  gym: "barbell",
  fashion: "hanger",
  consultancy: "briefcase",
} as const satisfies Record<string, IconId>;
export const INDUSTRY_KEYS = Object.keys(INDUSTRY_ICONS) as Array<keyof typeof INDUSTRY_ICONS>;

export function Industries({ ctx }: { ctx: PageContext }) {
  const { t } = ctx;
  return (
    <Section id="industries" title={t("industries.title")} subtitle={t("industries.subtitle")} alt>
      <ul className="industry-grid">
        {INDUSTRY_KEYS.map((key) => (
          <li key={key}>
            <Icon sprite={ctx.sprite} name={INDUSTRY_ICONS[key]} />
            {t(`industries.${key}`)}
          </li>
        ))}
      </ul>
      <p className="industries-more">
        <Icon sprite={ctx.sprite} name="plus" />
        {t("industries.more")}
      </p>
    </Section>
  );
}
