/**
 * The privacy page's section "Resultados enviados a anúncios e ao CRM" (issue 32, decision 074):
 * each configured destination of the leads' outcomes (Meta's Conversions API, Google Ads' offline
 * conversions, the CRM webhook), what it receives, why, on which legal basis, the transfer and the
 * retention. Nothing configured: no section, the page as before.
 */
import type { Part } from "./outline";
import type { ConversionDestinations } from "../../shared/conversions";

const K = "privacy.conversions";

const destination = (id: string, key: string, provider: Part["blocks"][number], rest: [string, string][]): Part => ({
  id,
  title: `${K}.${key}.title`,
  blocks: [
    provider,
    {
      facts: [
        { label: `${K}.receivesLabel`, key: `${K}.${key}.receives` },
        { label: "privacy.data.purposeLabel", key: `${K}.${key}.purpose` },
        ...rest.map(([label, key]) => ({ label, key })),
      ],
    },
  ],
});

const provider = (key: string) => ({ facts: [{ label: "privacy.measurement.providerLabel", key }] });

/** The section, or null when no destination is configured. */
export function conversionsPart(c: ConversionDestinations): Part | null {
  const parts = [
    c.meta &&
      destination("api-de-conversoes-da-meta", "meta", provider("privacy.measurement.meta.provider"), [
        ["privacy.data.basisLabel", `${K}.consentBasis`],
        ["privacy.measurement.transferLabel", "privacy.measurement.meta.transfer"],
        ["privacy.measurement.retentionLabel", "privacy.measurement.meta.retention"],
      ]),
    c.googleAds &&
      destination("conversoes-do-google-ads", "google", provider("privacy.measurement.google.provider"), [
        ["privacy.data.basisLabel", `${K}.consentBasis`],
        ["privacy.measurement.transferLabel", "privacy.measurement.google.transfer"],
        ["privacy.measurement.retentionLabel", "privacy.measurement.ads.retention"],
      ]),
    c.webhookHost &&
      destination(
        "crm",
        "crm",
        {
          facts: [
            { label: "privacy.measurement.providerLabel", key: `${K}.crm.provider` },
            { label: `${K}.crm.hostLabel`, value: c.webhookHost },
          ],
        },
        [
          ["privacy.data.basisLabel", `${K}.crm.basis`],
          ["privacy.measurement.transferLabel", `${K}.crm.transfer`],
          ["privacy.data.retentionLabel", `${K}.crm.retention`],
        ],
      ),
  ].filter((p): p is Part => Boolean(p));
  if (!parts.length) return null;
  return { id: "conversoes", title: `${K}.title`, blocks: [{ text: `${K}.intro` }], parts };
}
