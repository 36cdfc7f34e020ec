/** The landing features grid (server HTML only). */
import type { PageContext } from "../../pages/context";
import { Icon } from "../Icon";
import type { IconId } from "../icons";
import { Section } from "./Section";

/** The features in page order, each with its icon (copy: `features.<key>.name|description`). */
export const FEATURE_ICONS = {
  ai_audio: "microphone",
  ai_image: "photo",
  ai_pdf: "pdf",
  flows_files: "paperclip",
  lead_qualification: "userCheck",
  follow_up: "repeat",
  proactive_engagement: "speakerphone",
  delay_window: "hourglass",
  conversation_history: "history",
  schedule: "calendarCheck",
  whatsapp_connection: "whatsapp",
  contacts_management: "addressBook",
  multi_whatsapp: "phonePlus",
  pixel_tracking: "target",
  mass_broadcast: "broadcast",
  real_time_sales: "trendingUp",
  reports_dashboards: "chart",
  security_compliance: "shield",
} as const satisfies Record<string, IconId>;
export const FEATURE_KEYS = Object.keys(FEATURE_ICONS) as Array<keyof typeof FEATURE_ICONS>;
const COMING_SOON = new Set<string>(["pixel_tracking", "mass_broadcast"]);

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
