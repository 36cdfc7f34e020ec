/** The landing industries grid (server HTML only). */
import type { PageContext } from "../../pages/context";
import { Icon } from "../Icon";
import { SEGMENTS, SEGMENT_KEYS } from "../../content/segments";
import { Section } from "./Section";

export function Industries({ ctx }: { ctx: PageContext }) {
  const { t } = ctx;
  return (
    <Section id="industries" title={t("industries.title")} subtitle={t("industries.subtitle")} alt>
      <ul className="industry-grid">
        {SEGMENT_KEYS.map((key) => (
          <li key={key}>
            <Icon sprite={ctx.sprite} name={SEGMENTS[key].icon} />
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
