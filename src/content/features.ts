/**
 * The product's 18 features in the landing grid's order, each with its icon (copy:
 * `features.<key>.name|description`). Segment pages tie each "how it works for you" block to one of
 * them (src/content/segments.ts).
 */
import type { IconId } from "./icons";

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
export type FeatureKey = keyof typeof FEATURE_ICONS;
export const FEATURE_KEYS = Object.keys(FEATURE_ICONS) as FeatureKey[];
/** Announced, not yet in the product: shown with a "coming soon" tag, never promised on a segment page. */
export const COMING_SOON: ReadonlySet<FeatureKey> = new Set<FeatureKey>(["pixel_tracking", "mass_broadcast"]);
/** In every paid plan, not in Freemium: their copy says so and that each AI message uses credits (decision 015). */
export const PAID_FEATURES: ReadonlySet<FeatureKey> = new Set<FeatureKey>([
  "flows_files",
  "follow_up",
  "proactive_engagement",
]);
