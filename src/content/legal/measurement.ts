/**
 * The privacy page's section "Medição, publicidade e cookies" (decision 048): each configured tool,
 * then how to change the choice (when a tool asks for it).
 */
import type { MeasurementFacts } from "./facts";
import type { Part } from "./outline";
import { PREFERENCES_ID, type Measurement } from "../../shared/measurement";

/** One measurement tool: provider, what it collects, purpose, basis, transfer, cookies, retention. */
const tool = (id: string, key: string, provider: string, transfer: string): Part => ({
  id,
  title: `privacy.measurement.${key}.title`,
  blocks: [
    {
      facts: [
        { label: "privacy.measurement.providerLabel", key: provider },
        { label: "privacy.measurement.collectsLabel", key: `privacy.measurement.${key}.collects` },
        { label: "privacy.data.purposeLabel", key: `privacy.measurement.${key}.purpose` },
        { label: "privacy.data.basisLabel", key: `privacy.measurement.${key}.basis` },
        { label: "privacy.measurement.transferLabel", key: transfer },
        { label: "privacy.measurement.cookiesLabel", key: `privacy.measurement.${key}.cookies` },
        { label: "privacy.measurement.retentionLabel", key: `privacy.measurement.${key}.retention` },
      ],
    },
  ],
});

const GOOGLE = ["privacy.measurement.google.provider", "privacy.measurement.google.transfer"] as const;

/** The section, or null when nothing is configured: the page is then as it always was (decision 044). */
export function measurementPart(m: Measurement, facts: MeasurementFacts): Part | null {
  if (!facts.measured) return null;
  const tools = [
    m.ga4 && tool("google-analytics", "ga4", ...GOOGLE),
    m.gtm && tool("google-tag-manager", "gtm", ...GOOGLE),
    // The container's Google Ads tags, "advertising" (decision 048): described on their own.
    m.gtm && tool("google-ads", "ads", ...GOOGLE),
    m.metaPixel &&
      tool("pixel-da-meta", "meta", "privacy.measurement.meta.provider", "privacy.measurement.meta.transfer"),
    m.plausible &&
      tool(
        "plausible",
        "plausible",
        "privacy.measurement.plausible.provider",
        "privacy.measurement.plausible.transfer",
      ),
  ].filter((p): p is Part => Boolean(p));
  const choice: Part = {
    id: "mudar-a-escolha",
    title: "privacy.measurement.choice.title",
    blocks: [
      {
        text: "privacy.measurement.choice.text",
        link: { href: `/#${PREFERENCES_ID}`, label: "privacy.measurement.choice.link" },
      },
    ],
  };
  return {
    id: "medicao-e-cookies",
    title: "privacy.measurement.title",
    blocks: [{ text: "privacy.measurement.intro" }, ...(facts.asks ? [{ text: "privacy.measurement.consent" }] : [])],
    parts: facts.asks ? [...tools, choice] : tools,
  };
}
