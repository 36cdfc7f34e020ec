/** The landing features grid (server HTML only). */
import type { PageContext } from "../../pages/context";
import { Section } from "./Section";

export const FEATURE_KEYS = [
  "ai_audio",
  "ai_image",
  "ai_pdf",
  "flows_files",
  "lead_qualification",
  "follow_up",
  "proactive_engagement",
  "delay_window",
  "conversation_history",
  "schedule",
  "whatsapp_connection",
  "contacts_management",
  "multi_whatsapp",
  "pixel_tracking",
  "mass_broadcast",
  "real_time_sales",
  "reports_dashboards",
  "security_compliance",
] as const;
const COMING_SOON = new Set<string>(["pixel_tracking", "mass_broadcast"]);

export function Features({ ctx }: { ctx: PageContext }) {
  const { t } = ctx;
  return (
    <Section id="features" title={t("features.title")} subtitle={t("features.subtitle")}>
      <ul className="feature-grid">
        {FEATURE_KEYS.map((key) => (
          <li className="feature" key={key}>
            <h3>
              {t(`features.${key}.name`)}
              {COMING_SOON.has(key) ? <span className="tag">{t("features.soon")}</span> : null}
            </h3>
            <p>{t(`features.${key}.description`)}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}
