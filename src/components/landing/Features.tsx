/** The landing features grid (server HTML only). */
import type { PageContext } from "../../content/pageContext";
import { Icon } from "../Icon";
import { COMING_SOON, FEATURE_ICONS, FEATURE_KEYS } from "../../content/features";
import { Section } from "./Section";

export function Features({ ctx }: { ctx: PageContext }) {
  const { t } = ctx;
  return (
    <Section id="features" title={t("features.title")} subtitle={t("features.subtitle")}>
      <ul className="feature-grid">
        {FEATURE_KEYS.map((key) => (
          <li className="feature" key={key}>
            <Icon sprite={ctx.sprite} name={FEATURE_ICONS[key]} className="tile" />
            <div>
              <h3>
                {t(`features.${key}.name`)}
                {COMING_SOON.has(key) ? <span className="tag">{t("features.soon")}</span> : null}
              </h3>
              <p>{t(`features.${key}.description`)}</p>
            </div>
          </li>
        ))}
      </ul>
    </Section>
  );
}
