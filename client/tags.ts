/*
 * The measurement tags (decision 047), imported by client/consent.ts only once the visitor has
 * accepted a category (or comes back having accepted one): never on the critical path, never
 * before a choice. Built alone (build.ts `tags`), it imports nothing at run time.
 *
 * Google: Consent Mode v2, `gtag('consent','default',…)` with all four signals denied before any
 * Google tag, then `update` with the choice; GA4 (gtag.js) and GTM (gtm.js) with "measurement".
 * GTM's ad tags (Google Ads…) follow the ad signals, granted with "advertising" only.
 * Meta: the standard loader stub, `fbq('consent','grant')`, `init` with the id and `PageView`,
 * with "advertising" only; a later revocation is `fbq('consent','revoke')`.
 * Scripts are added as elements with `src` (CSP: hosts allowed per configuration, no inline code).
 */
import type { Category } from "../src/shared/measurement";

export interface Settings {
  ga4: string | null;
  gtm: string | null;
  metaPixel: string | null;
}

type Fn = (...args: unknown[]) => void;
type Fbq = Fn & { callMethod?: Fn; queue: unknown[]; push: Fbq; loaded: boolean; version: string };
const w = window as unknown as { dataLayer: unknown[]; gtag: Fn; fbq?: Fbq; _fbq?: Fbq };

const DENIED = {
  ad_storage: "denied",
  analytics_storage: "denied",
  ad_user_data: "denied",
  ad_personalization: "denied",
};
const loaded = { google: false, ga4: false, gtm: false, meta: false };

function addScript(src: string): void {
  const s = document.createElement("script");
  s.async = true;
  s.src = src;
  document.head.appendChild(s);
}

/** Meta's standard base code, as a function (no inline script): the queueing `fbq` until fbevents.js loads. */
function metaStub(): Fbq {
  if (w.fbq) return w.fbq;
  const fbq = function (...args: unknown[]) {
    if (fbq.callMethod) fbq.callMethod(...args);
    else fbq.queue.push(args);
  } as Fbq;
  fbq.push = fbq;
  fbq.loaded = true;
  fbq.version = "2.0";
  fbq.queue = [];
  w.fbq = w._fbq = fbq;
  return fbq;
}

/** Loads what `granted` allows (once) and tells the loaded tags the current choice. */
export function applyConsent(s: Settings, granted: Category[]): void {
  const measure = granted.includes("measurement");
  const advertise = granted.includes("advertising");
  const signal = (on: boolean) => (on ? "granted" : "denied");
  if ((s.ga4 || s.gtm) && (measure || loaded.google)) {
    if (!loaded.google) {
      loaded.google = true;
      w.dataLayer = w.dataLayer || [];
      // gtag.js reads Arguments objects from the dataLayer, not arrays: the documented snippet.
      w.gtag = function () {
        // eslint-disable-next-line prefer-rest-params -- gtag.js needs the Arguments object itself
        w.dataLayer.push(arguments);
      };
      w.gtag("consent", "default", DENIED);
    }
    w.gtag("consent", "update", {
      analytics_storage: signal(measure),
      ad_storage: signal(advertise),
      ad_user_data: signal(advertise),
      ad_personalization: signal(advertise),
    });
    if (measure && s.ga4 && !loaded.ga4) {
      loaded.ga4 = true;
      w.gtag("js", new Date());
      w.gtag("config", s.ga4);
      addScript(`https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(s.ga4)}`);
    }
    if (measure && s.gtm && !loaded.gtm) {
      loaded.gtm = true;
      w.dataLayer.push({ "gtm.start": Date.now(), event: "gtm.js" });
      addScript(`https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(s.gtm)}`);
    }
  }
  if (s.metaPixel && advertise && !loaded.meta) {
    loaded.meta = true;
    const fbq = metaStub();
    fbq("consent", "grant");
    // Automatic event setup off (Meta's documented switch, before init): no button texts or page
    // metadata beyond the events we send (decision 047).
    fbq("set", "autoConfig", false, s.metaPixel);
    fbq("init", s.metaPixel);
    fbq("track", "PageView");
    addScript("https://connect.facebook.net/en_US/fbevents.js");
  } else if (loaded.meta) {
    w.fbq!("consent", advertise ? "grant" : "revoke");
  }
}

/** Meta's standard event for each of ours (decision 047); the calculator's is a custom one. */
const META_EVENTS: Record<string, [method: string, name: string]> = {
  app_link_click: ["track", "Lead"],
  whatsapp_click: ["track", "Contact"],
  calculator_result: ["trackCustom", "CalculatorResult"],
};

/** One of our events, to each loaded tool the current choice allows. */
export function track(granted: Category[], name: string, props: Record<string, string>): void {
  if (granted.includes("measurement")) {
    if (loaded.ga4) w.gtag("event", name, props);
    if (loaded.gtm) w.dataLayer.push({ event: name, ...props });
  }
  if (granted.includes("advertising") && loaded.meta && META_EVENTS[name]) {
    const [method, event] = META_EVENTS[name];
    w.fbq!(method, event, props);
  }
}
