/**
 * What the server hands the browser in a page's attributes, named once (decision 058), as
 * islandMarkers.ts names the islands' markers and the Epic Stack's getEnv() names what the browser
 * may know: the server writes these attributes through the functions below (src/server/render.tsx,
 * src/components/ConsentBanner.tsx) and the client reads them through the readers (client/
 * attribution.ts, client/consent.ts). Pure, no DOM beyond the Element it is given, no Node.
 * - On `<body>`: the application's URL (campaign parameters go on links into it, decision 022),
 *   and an ad's page's segment and variant (the events carry them, decision 056).
 * - On the client entry's tag, only when a measurement tool is configured (decision 047): the
 *   tools' ids, Plausible's domain and script, the tags' loader, the consent version's label. The
 *   client finds that tag by these attributes of its own, not by the islands' marker.
 * - On the consent banner's buttons: the action each one takes.
 */

/** What `<body>` carries. */
export interface BodyData {
  appUrl: string | null;
  segment: string | null;
  variant: string | null;
  /** An experiment arm's token (`dental.b`, issue 37), which the client writes into the address bar. */
  xa: string | null;
}

const BODY: Record<keyof BodyData, string> = {
  appUrl: "data-app-url",
  segment: "data-segment",
  variant: "data-variant",
  xa: "data-xa",
};

/** The measurement settings on the client entry's tag. */
export interface MeasurementData {
  ga4: string | null;
  gtm: string | null;
  meta: string | null;
  plausible: string | null;
  /** Plausible's script, only when it is not Plausible's own. */
  plausibleSrc: string | null;
  /** The tags' loader (client/tags.ts), only when a tool needs consent. */
  tags: string | null;
  /** CONSENT_VERSION's label, only when a tool needs consent and it is set. */
  consentVersion: string | null;
  /** The conversion recipients the advertising consent names (`meta-capi+google-ads`, decision 079), or null. */
  conversions: string | null;
}

const MEASUREMENT: Record<keyof MeasurementData, string> = {
  ga4: "data-ga4",
  gtm: "data-gtm",
  meta: "data-meta",
  plausible: "data-plausible",
  plausibleSrc: "data-plausible-src",
  tags: "data-tags",
  consentVersion: "data-consent-version",
  conversions: "data-conversions",
};

/** The attributes of `data`'s fields that have a value, in the order of `names`: `[name, value]`. */
function attributes<T extends object>(names: Record<keyof T, string>, data: T): Array<[string, string]> {
  return (Object.keys(names) as Array<keyof T>)
    .filter((key) => data[key] !== null)
    .map((key) => [names[key], String(data[key])]);
}

function read<T extends object>(names: Record<keyof T, string>, element: Element): T {
  return Object.fromEntries(
    (Object.keys(names) as Array<keyof T>).map((key) => [key, element.getAttribute(names[key])]),
  ) as unknown as T;
}

/** `<body>`'s attributes for `data` (escaping is the document shell's). */
export const bodyAttributes = (data: BodyData) => attributes(BODY, data);
export const readBodyData = (body: Element): BodyData => read<BodyData>(BODY, body);

/** The client entry's measurement attributes for `data`; none when nothing is configured. */
export const measurementAttributes = (data: MeasurementData) => attributes(MEASUREMENT, data);

/**
 * The page's measurement settings, or null when the page names no tool: read from the tag that
 * has Plausible's domain or the tags' loader, or both.
 */
export function readMeasurementData(document: ParentNode): MeasurementData | null {
  const tag = document.querySelector(`script[${MEASUREMENT.plausible}],script[${MEASUREMENT.tags}]`);
  return tag ? read<MeasurementData>(MEASUREMENT, tag) : null;
}

/** On each of the consent banner's buttons: what it does. */
export const CONSENT_ACTION_ATTR = "data-consent";
export type ConsentAction = "all" | "none" | "choose" | "save";
/** The attribute a banner button carries, as JSX spreads it. */
export const consentAction = (action: ConsentAction) => ({ [CONSENT_ACTION_ATTR]: action });
