/**
 * The consent tests' site and browser (consent-choice.test.ts, consent-events.test.ts): every
 * measurement tool configured, and nothing leaving the machine. Google's, Meta's and Plausible's
 * hosts (and APP_URL and wa.me, which clicks lead to) are answered by request interception with
 * small stub scripts that record what they are told, as the real tags would receive it (the
 * dataLayer, fbq's queue, plausible's queue).
 */
import type { BrowserContext, Page } from "playwright-core";
import { copy, type CopyLang } from "../copy";
import { ALL_MEASUREMENT_ENV } from "../fixtures";
import { useSiteAndBrowser } from "./helpers";
import { useSharedPage, type Visit as VisitOptions } from "./shared-page";
import { SALES_PATH } from "../../src/shared/sales";

export const PIXEL = ALL_MEASUREMENT_ENV.META_PIXEL_ID;
export const APP = "https://app.xia.test/";

export const GOOGLE =
  /^https:\/\/[^/]*(googletagmanager|google-analytics|doubleclick|googleadservices|google)\.[a-z.]+\//;
export const META = /^https:\/\/[^/]*(facebook\.net|facebook\.com)\//;

/** Stub scripts: each records its own loading and the calls queued for it, and sets its tool's cookies. */
const STUBS: Array<[RegExp, string]> = [
  [
    /googletagmanager\.com\/gtag\/js/,
    "(window.__loaded ||= []).push('gtag'); document.cookie = '_ga=GA1.1.1;path=/'; document.cookie = '_ga_TEST=GS1;path=/';",
  ],
  [/googletagmanager\.com\/gtm\.js/, "(window.__loaded ||= []).push('gtm'); document.cookie = '_gcl_au=1.1.1;path=/';"],
  [
    /connect\.facebook\.net\/.*fbevents\.js/,
    "(window.__loaded ||= []).push('meta'); document.cookie = '_fbp=fb.1.1;path=/'; document.cookie = '_fbc=fb.1.2;path=/';" +
      " window.__fb = []; fbq.callMethod = (...a) => __fb.push(a);" +
      " fbq.queue.forEach((a) => fbq.callMethod(...a));",
  ],
  [
    /plausible\.io\/js\/script\.js/,
    "(window.__loaded ||= []).push('plausible'); const q = (window.plausible && window.plausible.q) || [];" +
      " window.__plausible = [['pageview', document.currentScript.dataset.domain]];" +
      " window.plausible = (...a) => __plausible.push(a); q.forEach((a) => plausible(...a));",
  ],
];

export interface Visit {
  context: BrowserContext;
  page: Page;
  problems: string[];
  /** Every third-party URL the page asked for since this visit began (Google, Meta, Plausible, the app, wa.me). */
  thirdParty: string[];
}

/**
 * The site with every measurement tool, APP_URL and a WhatsApp sales number, for a test file;
 * `visit(path)` is a first visit in the file's shared page (decision 126: storage and cookies
 * cleared, the viewport and reduced motion set), in a context whose third parties are the stubs.
 * With routes on, Chromium's cache is off, so every visit fetches what a first visit fetches.
 */
export function useMeasuredSite() {
  const env = useSiteAndBrowser({ ...ALL_MEASUREMENT_ENV, APP_URL: APP, SALES_WHATSAPP: "5511987654321" });
  let thirdParty: string[] = [];
  async function setup(context: BrowserContext) {
    await context.route(/^https:\/\//, async (route) => {
      const url = route.request().url();
      thirdParty.push(url);
      const stub = STUBS.find(([pattern]) => pattern.test(url));
      // Links followed to the application or WhatsApp: 204 keeps the page where it is.
      if (!stub) return route.fulfill({ status: 204 });
      await route.fulfill({ status: 200, contentType: "text/javascript", body: stub[1] });
    });
    // The site's own sales redirect (decision 069): the real answer is fetched, its Location (wa.me)
    // recorded as the page would have followed it, and 204 keeps the page where it is (a route does
    // not see a redirect's next request, which would otherwise leave the machine).
    await context.route(
      (url) => url.origin === new URL(env.url).origin && url.pathname === SALES_PATH,
      async (route) => {
        const answer = await route.fetch({ maxRedirects: 0 });
        const location = answer.headers()["location"];
        if (location) thirdParty.push(location);
        await route.fulfill({ status: 204 });
      },
    );
  }
  const withJs = useSharedPage(env, { setup });
  const withoutJs = useSharedPage(env, { setup, javaScriptEnabled: false });
  async function visit(
    path: string,
    { javaScriptEnabled = true, ...options }: { javaScriptEnabled?: boolean } & VisitOptions = {},
  ): Promise<Visit> {
    const recorded: string[] = [];
    const { context, page, problems } = await (javaScriptEnabled ? withJs : withoutJs).visit(path, {
      ...options,
      // From the navigation on: what the page before it asked for is not this visit's.
      before: () => {
        thirdParty = recorded;
      },
    });
    return { context, page, problems, thirdParty: recorded };
  }
  return { env, visit };
}

/** The page has run its client entry to the end of the load: Plausible (which loads after `load`) is in. */
export const settled = (page: Page) => page.waitForFunction(() => (window as { __plausible?: unknown }).__plausible);
/** The stubbed tools that have loaded, in order. */
export const loaded = (page: Page) => page.evaluate(() => (window as { __loaded?: string[] }).__loaded ?? []);
export const googleOrMeta = (urls: string[]) => urls.filter((u) => GOOGLE.test(u) || META.test(u));
/** The banner: a region named in the page's language; hidden, it is not found (not in the accessibility tree). */
export const banner = (page: Page, lang: CopyLang = "pt") =>
  page.getByRole("region", { name: copy(lang, "consent.label") });
/** The dataLayer as plain arrays (gtag pushes Arguments objects). */
export const dataLayer = (page: Page) =>
  page.evaluate(() =>
    ((window as { dataLayer?: unknown[] }).dataLayer ?? []).map((e) =>
      typeof e === "object" && e && "length" in e ? Array.from(e as ArrayLike<unknown>) : e,
    ),
  );
/** What the Pixel stub was told. */
export const fbCalls = (page: Page) => page.evaluate(() => (window as { __fb?: unknown[] }).__fb ?? []);
/** What the Plausible stub was told. */
export const plausibleCalls = (page: Page) =>
  page.evaluate(() => (window as { __plausible?: unknown[][] }).__plausible ?? []);
