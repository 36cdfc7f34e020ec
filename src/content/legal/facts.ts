/**
 * What the legal pages need to know about the settings, each fact computed once (decision 050):
 * the values every message may use, and which measurement tools the privacy page must describe
 * (decision 048).
 */
import type { Args } from "../catalogue";
import { identification } from "../identification";
import type { PageSettings } from "../site";
import { ATTRIBUTION_KEY, ATTRIBUTION_TIME_KEY } from "../../shared/attribution";
import { STORAGE_KEY } from "../../shared/languages";
import { CONSENT_KEY, consentTools, type Measurement } from "../../shared/measurement";
import { CREDITS_PER_MESSAGE } from "../../shared/plans";

/** The measurement configuration as the privacy page reads it. */
export interface MeasurementFacts {
  /** Any tool configured: the page gains its measurement section and the mentions elsewhere. */
  measured: boolean;
  /** A tool that needs consent is configured (GA4, GTM, Meta): cookies, the choice, `xia_consent`. */
  asks: boolean;
  /** Who the consent tools send data to abroad; "none" without them. */
  who: "google" | "meta" | "both" | "none";
  plausible: boolean;
  /** Plausible's own service (plausible.io), not a self-hosted instance. */
  plausibleHosted: boolean;
  /** The host of Plausible's script ("" without Plausible): names a self-hosted instance. */
  plausibleHost: string;
}

export function measurementFacts(m: Measurement): MeasurementFacts {
  const asks = consentTools(m).length > 0;
  const google = Boolean(m.ga4 || m.gtm);
  const script = m.plausible ? new URL(m.plausible.scriptUrl) : null;
  return {
    measured: asks || Boolean(script),
    asks,
    who: !asks ? "none" : m.metaPixel ? (google ? "both" : "meta") : "google",
    plausible: Boolean(script),
    plausibleHosted: script?.hostname === "plausible.io",
    plausibleHost: script?.host ?? "",
  };
}

/** Values every legal message may use. */
export function legalArgs(settings: PageSettings, facts: MeasurementFacts): Args {
  const id = identification(settings, "pt");
  return {
    brand: settings.brandName,
    company: id.company,
    cnpj: id.cnpj,
    address: id.address,
    email: settings.contactEmail,
    dpoEmail: settings.dpoEmail,
    appHost: new URL(settings.appUrl).host,
    credits: CREDITS_PER_MESSAGE,
    storageKey: STORAGE_KEY,
    attributionKey: ATTRIBUTION_KEY,
    attributionTimeKey: ATTRIBUTION_TIME_KEY,
    leadDays: settings.leadsRetentionDays,
    consentKey: CONSENT_KEY,
    // Plausible's own service, or a self-hosted instance (named by its host).
    hosted: facts.plausibleHosted ? "yes" : "no",
    host: facts.plausibleHost,
  };
}
