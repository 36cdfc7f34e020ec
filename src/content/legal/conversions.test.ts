/**
 * What the privacy page says about the leads' outcomes sent on (issue 32, decision 074): a section
 * only when a destination is configured, a subsection per destination, the CRM named by its host.
 */
import { describe, expect, it } from "vitest";
import { ALL_CONVERSIONS_ENV } from "../../../tests/fixtures";
import { loadConfig } from "../../server/config";
import { legal } from "../catalogue";
import type { Part } from "./outline";
import { privacyOutline } from "./privacy";

const outline = (env: Record<string, string> = {}) => privacyOutline(loadConfig(env).page);
const section = (env: Record<string, string>) => outline(env).parts.find((p) => p.id === "conversoes");
const keysOf = (part: Part): string[] =>
  part.blocks.flatMap((b) =>
    "facts" in b ? b.facts.flatMap((f) => ("key" in f ? [f.key] : [])) : "text" in b ? [b.text] : [],
  );
const { META_PIXEL_ID, META_CAPI_TOKEN, LEADS_WEBHOOK_URL, LEADS_WEBHOOK_SECRET } = ALL_CONVERSIONS_ENV;

describe("the privacy page's conversions section", () => {
  it("is absent with nothing configured, and so is the sharing line", () => {
    expect(section({})).toBeUndefined();
    expect(JSON.stringify(outline())).not.toContain("privacy.sharing.conversions");
    // The browser Pixel alone sends no outcome.
    expect(section({ META_PIXEL_ID })).toBeUndefined();
  });

  it("names each configured destination, what it receives, its basis, transfer and retention", () => {
    const all = section(ALL_CONVERSIONS_ENV)!;
    expect(all.parts!.map((p) => p.id)).toEqual(["api-de-conversoes-da-meta", "conversoes-do-google-ads", "crm"]);
    const [meta, google, crm] = all.parts!;
    expect(keysOf(meta)).toEqual([
      "privacy.measurement.meta.provider",
      "privacy.conversions.meta.receives",
      "privacy.conversions.meta.purpose",
      "privacy.conversions.consentBasis",
      "privacy.measurement.meta.transfer",
      "privacy.measurement.meta.retention",
    ]);
    expect(keysOf(google)).toContain("privacy.conversions.consentBasis");
    expect(keysOf(crm)).toContain("privacy.conversions.crm.basis");
    expect(JSON.stringify(crm)).toContain('"value":"hooks.zapier.com"');
    expect(JSON.stringify(all)).not.toContain("/hooks/catch");
    expect(legal("privacy.conversions.crm.receives")).toMatch(/Nenhum identificador de clique/);
    expect(JSON.stringify(outline(ALL_CONVERSIONS_ENV))).toContain("privacy.sharing.conversions");
  });

  it("the international transfer section points at it, by its title, only when it exists", () => {
    const transfer = (env: Record<string, string>) =>
      outline(env)
        .parts.find((p) => p.id === "transferencia-internacional")!
        .blocks.flatMap((b) => ("text" in b ? [b.text] : []));
    expect(transfer(ALL_CONVERSIONS_ENV)).toContain("privacy.transfer.conversions");
    expect(transfer({ META_PIXEL_ID })).not.toContain("privacy.transfer.conversions");
    expect(legal("privacy.transfer.conversions")).toContain(`“${legal("privacy.conversions.title")}”`);
  });

  it("shows only what is configured", () => {
    expect(section({ META_PIXEL_ID, META_CAPI_TOKEN })!.parts!.map((p) => p.id)).toEqual(["api-de-conversoes-da-meta"]);
    expect(section({ LEADS_WEBHOOK_URL, LEADS_WEBHOOK_SECRET })!.parts!.map((p) => p.id)).toEqual(["crm"]);
  });
});
