/*
 * Measurement and consent on the landing page (decisions 045, 047), run at once from
 * client/main.ts. The settings are attributes of the client entry's own tag (src/shared/pageData.ts),
 * present only when something is configured: with none, this returns before touching anything.
 *  - Plausible (no cookie, no consent needed) is added once the page has loaded.
 *  - The visitor's choice is `localStorage.xia_consent` ({categories, time, version}); a choice
 *    of another version (another set of tools or conversion recipients) counts as none. No choice: the banner, which the
 *    server rendered hidden, is shown. A choice: the banner stays hidden and the tags of the chosen
 *    categories load (client/tags.ts, imported only then).
 *  - "Cookie preferences" (a link to #cookie-preferences, here or from another page) reopens it.
 *  - Delegated click listeners turn a click on an APP_URL link, or on the WhatsApp sales link, and
 *    a calculator result into events for Plausible and for the tags the visitor accepted.
 *  - Withdrawing a category deletes its tools' cookies on this site and reloads the page.
 *  - A choice older than 12 months counts as none (asked again).
 * Storage that throws: the banner shows on every page and the choice holds for this page only.
 */
import {
  CATEGORY_COOKIES,
  CONSENT_KEY,
  consentCategories,
  DEFAULT_PLAUSIBLE_SCRIPT_URL,
  consentVersion,
  parseChoice,
  PREFERENCES_ID,
  readConversionsLabel,
  type Category,
} from "../src/shared/measurement";
import { islandSelector } from "../src/shared/islandMarkers";
import { CONSENT_ACTION_ATTR, readBodyData, readMeasurementData } from "../src/shared/pageData";
import { isAppHref } from "./attribution";
import { grantClickIds } from "./sales";
import { isSalesUrl } from "../src/shared/sales";
import type * as Tags from "./tags";

type Props = Record<string, string>;

/** Where on the page a link is (the event's `placement`), outermost last. */
const PLACES: Array<[selector: string, place: string]> = [
  [islandSelector("header"), "header"],
  [".hero", "hero"],
  [".calculator", "calculator"],
  [".plan-grid", "plan"],
  [".site-footer", "footer"],
];

/**
 * Deletes this site's cookies of the withdrawn categories (decision 045): for this host and each of
 * its parent domains, where the tags may have set them (the browser ignores a public suffix).
 */
function deleteCookies(withdrawn: Category[]): void {
  const names = document.cookie
    .split(";")
    .map((c) => c.split("=")[0].trim())
    .filter((name) => withdrawn.some((c) => CATEGORY_COOKIES[c].test(name)));
  const labels = location.hostname.split(".");
  const domains = ["", ...labels.slice(0, -1).map((_, i) => `;domain=${labels.slice(i).join(".")}`)];
  for (const name of names)
    for (const domain of domains) document.cookie = `${name}=;path=/;expires=Thu, 01 Jan 1970 00:00:00 GMT${domain}`;
}

function placement(a: Element): Props {
  const place = PLACES.find(([selector]) => a.closest(selector))?.[1] ?? "page";
  const plan = place === "plan" ? a.closest("li")?.querySelector(".plan-name")?.textContent : null;
  return plan ? { placement: place, plan } : { placement: place };
}

export function startConsent(): void {
  const data = readMeasurementData(document);
  if (!data) return;
  const body = readBodyData(document.body);
  const settings: Tags.Settings = { ga4: data.ga4, gtm: data.gtm, metaPixel: data.meta };
  // The conversion recipients the advertising consent also names (decision 079).
  const conversions = readConversionsLabel(data.conversions);
  const w = window as unknown as { plausible?: ((...args: unknown[]) => void) & { q?: unknown[] } };

  if (data.plausible) {
    // Plausible's documented queue, so that events before its script loads are kept.
    w.plausible ??= Object.assign((...args: unknown[]) => (w.plausible!.q ??= []).push(args), {});
    const add = () => {
      const s = document.createElement("script");
      s.defer = true;
      s.dataset.domain = data.plausible!;
      s.src = data.plausibleSrc ?? DEFAULT_PLAUSIBLE_SCRIPT_URL;
      document.head.appendChild(s);
    };
    if (document.readyState === "complete") add();
    else addEventListener("load", add, { once: true });
  }

  let granted: Category[] = [];
  const version = consentVersion({ ...settings, consentRevision: data.consentVersion ?? undefined }, conversions);
  // The sales links carry the click identifiers only with advertising accepted (decision 069), and
  // the version of that choice, which the server requires beside them (decision 089).
  grantClickIds(() => (granted.includes("advertising") ? version : null));
  let tags: Promise<typeof Tags> | undefined;
  const tagsUrl = data.tags;
  const apply = (categories: Category[]) => {
    granted = categories;
    if (!tagsUrl || (!categories.length && !tags)) return;
    // A run-time URL, like the islands': esbuild leaves it alone, main stays free of imports.
    tags ??= import(tagsUrl) as Promise<typeof Tags>;
    void tags.then((m) => m.applyConsent(settings, categories));
  };
  // The page's segment and the ad's variant (decision 056), named by the server on <body>: every
  // event carries them when the page has them (GA4 parameters, Meta custom data, Plausible props).
  const { segment, variant } = body;
  const source: Props = { ...(segment ? { segment } : {}), ...(variant ? { variant } : {}) };
  const send = (name: string, own: Props) => {
    const props = { ...own, ...source };
    w.plausible?.(name, { props });
    if (granted.length) void tags?.then((m) => m.track(granted, name, props));
  };

  const banner = document.getElementById(PREFERENCES_ID);
  if (tagsUrl && banner) {
    const panel = banner.querySelector("fieldset")!;
    const chooser = banner.querySelector<HTMLElement>(`[${CONSENT_ACTION_ATTR}=choose]`)!;
    const boxes = [...banner.querySelectorAll<HTMLInputElement>("input[type=checkbox]")];
    let opener: HTMLElement | null = null;
    let stored: string | null = null;
    try {
      stored = localStorage.getItem(CONSENT_KEY);
    } catch {
      /* storage blocked: no choice */
    }
    const choice = parseChoice(stored, version);

    const expand = (open: boolean) => {
      panel.hidden = !open;
      chooser.setAttribute("aria-expanded", String(open));
    };
    const show = (reopened: boolean) => {
      opener = reopened && document.activeElement instanceof HTMLElement ? document.activeElement : null;
      for (const box of boxes) box.checked = granted.includes(box.name as Category);
      expand(reopened);
      banner.hidden = false;
      if (reopened) banner.focus();
    };
    const choose = (categories: Category[]) => {
      // A category granted before and not now: its cookies go, and a reload stops the tags already
      // running (they cannot be unloaded); the new choice is stored first, so the page comes back
      // with exactly what was chosen and no banner.
      const withdrawn = granted.filter((c) => !categories.includes(c));
      try {
        localStorage.setItem(CONSENT_KEY, JSON.stringify({ categories, time: new Date().toISOString(), version }));
      } catch {
        /* storage blocked: this page only */
      }
      apply(categories);
      if (withdrawn.length) {
        deleteCookies(withdrawn);
        location.reload();
        return;
      }
      const focused = banner.contains(document.activeElement);
      banner.hidden = true;
      if (focused) (opener ?? document.getElementById("main"))?.focus({ preventScroll: true });
    };
    banner.addEventListener("click", (e) => {
      const action = (e.target as Element).closest(`[${CONSENT_ACTION_ATTR}]`)?.getAttribute(CONSENT_ACTION_ATTR);
      if (action === "all") choose(consentCategories(settings, conversions));
      else if (action === "none") choose([]);
      else if (action === "choose") expand(panel.hidden === true);
      else if (action === "save") choose(boxes.filter((b) => b.checked).map((b) => b.name as Category));
    });

    // From another page (`/#cookie-preferences`) or a link to the fragment typed or followed here.
    const fromHash = () => {
      if (location.hash !== `#${PREFERENCES_ID}`) return;
      history.replaceState(history.state, "", location.pathname + location.search);
      show(true);
    };
    addEventListener("hashchange", fromHash);
    if (choice) apply(choice.categories);
    fromHash();
    if (!choice && banner.hidden) show(false);
    document.addEventListener("click", (e) => {
      const a = (e.target as Element).closest?.(`a[href="#${PREFERENCES_ID}"]`);
      if (!a) return;
      e.preventDefault();
      show(true);
    });
  }

  // Events (names in the README): delegated, so the islands' links count too once they hydrate.
  const appUrl = body.appUrl;
  document.addEventListener("click", (e) => {
    const a = (e.target as Element).closest?.<HTMLAnchorElement>("a[href]");
    if (!a) return;
    if (appUrl && isAppHref(a.href, appUrl)) send("app_link_click", placement(a));
    else if (isSalesUrl(new URL(a.href), location.origin)) send("whatsapp_click", placement(a));
  });
  const result = document.querySelector(".calc-result");
  if (result) {
    const plan = () => result.querySelector(".calc-plan strong")?.textContent;
    // The no-JavaScript form's answer arrives as a page; with JavaScript the result follows the
    // typing: one event once it has settled, not one per keystroke.
    if (/[?&](leads|interactions)=/.test(location.search) && plan()) send("calculator_result", { plan: plan()! });
    let timer: ReturnType<typeof setTimeout> | undefined;
    new MutationObserver(() => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        const p = plan();
        if (p) send("calculator_result", { plan: p });
      }, 1500);
    }).observe(result, { childList: true, subtree: true, characterData: true });
  }
}
