/**
 * Measurement per configuration (decisions 044-048), as a client gets it: the landing pages' CSP
 * names only the configured tools' hosts (and never 'unsafe-inline' or 'unsafe-eval'), the legal
 * and error pages keep the strict one and load no script, the banner ships hidden and the same
 * bytes go to every visitor, the first response keeps its budget, and the privacy page describes
 * exactly the configured tools. (Nothing configured: tests/http/no-measurement.test.ts.)
 */
import { SEGMENT_KEYS, segmentPath } from "../../src/content/segments";
import { variantsOf } from "../../src/content/variants";
import { LANGS, landingHref } from "../../src/shared/languages";
import request from "supertest";
import { describe, expect, it } from "vitest";
import { CONSENT_KEY } from "../../src/shared/measurement";
import { copy, legalCopy } from "../copy";
import { ALL_CONVERSIONS_ENV, ALL_MEASUREMENT_ENV } from "../fixtures";
import { parsePage } from "./dom";
import { heaviestSegmentPaths, makeApp } from "./helpers";
import { getAsSent } from "./wire";

const SITE = { SITE_URL: "https://www.xia-exemplo.com.br" };
/** Every message-match variant's URL (decision 056): held to the same budget as its page. */
const shippedVariantPaths = () =>
  LANGS.flatMap((lang) =>
    (["home", ...SEGMENT_KEYS] as const).flatMap((page) =>
      variantsOf(lang, page).map(
        (code) => `${page === "home" ? landingHref(lang) : segmentPath(lang, page)}?v=${code}`,
      ),
    ),
  );
/**
 * One app per configuration for this file (the pages a test reads do not depend on what another
 * asked before): each page is rendered and compressed once per configuration, not once per test.
 */
const apps = new Map<string, ReturnType<typeof makeApp>>();
const appFor = (env: Record<string, string>) => {
  const key = JSON.stringify(Object.entries(env).sort());
  let app = apps.get(key);
  if (!app) apps.set(key, (app = makeApp(env)));
  return app;
};
const GOOGLE_HOSTS = /google|doubleclick/;
const META_HOSTS = /facebook/;

/** The CSP of `path` as a map directive → sources. */
async function csp(path: string, env: Record<string, string>) {
  const header = (await request(appFor({ ...SITE, ...env })).get(path)).headers["content-security-policy"] as string;
  return {
    header,
    directives: Object.fromEntries(header.split(";").map((d) => [d.split(" ")[0], d.split(" ").slice(1)])),
  };
}
const hosts = (sources: string[]) => sources.filter((s) => !s.startsWith("'") && s !== "data:");

describe("CSP per configuration", () => {
  it.each([
    ["GA4 only", { GA4_ID: "G-TEST12345" }, true, false, false],
    ["GTM only", { GTM_ID: "GTM-TEST123" }, true, false, false],
    ["Meta only", { META_PIXEL_ID: "1234567890123456" }, false, true, false],
    ["Plausible only", { PLAUSIBLE_DOMAIN: "xia.com.br" }, false, false, true],
    ["all four", ALL_MEASUREMENT_ENV, true, true, true],
  ])("%s: the landing pages allow those hosts only", async (_, env, google, meta, plausible) => {
    // Each landing page, the last one as a calculator answer.
    for (const path of LANGS.map(
      (l, i) => landingHref(l) + (i === LANGS.length - 1 ? "?leads=100&interactions=5" : ""),
    )) {
      const { header, directives } = await csp(path, env);
      expect(header).not.toMatch(/unsafe-inline|unsafe-eval|\*(?!\.)|https:(?!\/\/)/);
      const all = [
        ...hosts(directives["script-src"]),
        ...hosts(directives["img-src"]),
        ...hosts(directives["connect-src"]),
      ];
      expect(all.some((h) => GOOGLE_HOSTS.test(h))).toBe(google);
      expect(all.some((h) => META_HOSTS.test(h))).toBe(meta);
      expect(all.includes("plausible.io")).toBe(plausible);
      if (google) expect(directives["script-src"]).toContain("*.googletagmanager.com");
      if (meta) expect(directives["script-src"]).toContain("connect.facebook.net");
      if (plausible) {
        expect(directives["script-src"]).toContain("plausible.io");
        expect(directives["connect-src"]).toContain("plausible.io");
      }
      // Nothing else widens: no frames, no other directive gets a host.
      for (const name of ["default-src", "style-src", "font-src", "frame-ancestors", "object-src", "base-uri"])
        expect(hosts(directives[name] ?? [])).toEqual([]);
    }
  });

  it("a self-hosted Plausible: its origin, not plausible.io", async () => {
    const { directives } = await csp("/", {
      PLAUSIBLE_DOMAIN: "xia.com.br",
      PLAUSIBLE_SCRIPT_URL: "https://stats.xia.com.br/js/script.js",
    });
    expect(hosts(directives["script-src"])).toEqual(["stats.xia.com.br"]);
    expect(hosts(directives["connect-src"])).toEqual(["stats.xia.com.br"]);
  });

  it.each(["/privacy", "/terms", "/missing", "/en/missing"])(
    "%s keeps the strict CSP and loads no script with every tool configured",
    async (path) => {
      const configured = await csp(path, ALL_MEASUREMENT_ENV);
      const plain = await csp(path, {});
      expect(configured.header).toBe(plain.header);
      const page = parsePage((await request(appFor({ ...SITE, ...ALL_MEASUREMENT_ENV })).get(path)).text);
      expect(page.document.querySelectorAll("script[src]")).toHaveLength(0);
      expect(page.document.getElementById("cookie-preferences")).toBeNull();
      // "Cookie preferences" there leads to the landing page, which opens the choice.
      const landing = path.startsWith("/en/") ? "/en" : "/";
      expect(page.linksTo(`${landing}#cookie-preferences`)).not.toEqual([]);
    },
  );
});

describe("the landing page with every tool configured", () => {
  it.each(LANGS.map((lang) => [landingHref(lang), lang] as const))(
    "%s: the banner ships hidden, in the page's language, with the settings on the one script",
    async (path, lang) => {
      const page = parsePage((await request(appFor({ ...SITE, ...ALL_MEASUREMENT_ENV })).get(path)).text);
      // The banner: a region named in the page's language, hidden, focusable by script, the
      // target of the "Cookie preferences" links.
      // (A hidden element has no accessible name to query by: it is found as the links' target.)
      const banner = page.document.getElementById("cookie-preferences")!;
      expect(page.linksTo("#cookie-preferences")).not.toEqual([]);
      expect(banner.tagName).toBe("SECTION");
      expect(banner.getAttribute("aria-label")).toBe(copy(lang, "consent.label"));
      expect(banner.hidden).toBe(true);
      expect(banner.getAttribute("tabindex")).toBe("-1");
      for (const key of ["consent.accept", "consent.reject", "consent.choose", "consent.save", "footer.cookies"])
        expect(page.text).toContain(copy(lang, key));
      const scripts = page.document.querySelectorAll("script[src]");
      expect(scripts).toHaveLength(1);
      const tag = scripts[0] as HTMLScriptElement;
      expect(tag.type).toBe("module");
      expect(tag.dataset).toMatchObject({
        ga4: ALL_MEASUREMENT_ENV.GA4_ID,
        gtm: ALL_MEASUREMENT_ENV.GTM_ID,
        meta: ALL_MEASUREMENT_ENV.META_PIXEL_ID,
        plausible: ALL_MEASUREMENT_ENV.PLAUSIBLE_DOMAIN,
      });
      expect(tag.dataset.tags).toMatch(/^\/assets\/tags-[\w-]+\.js$/);
      // The measured entry (main plus consent), not the plain one (decision 044).
      expect(tag.getAttribute("src")).toMatch(/^\/assets\/measured-[\w-]+\.js$/);
      // Unticked: nothing pre-ticked.
      expect(page.document.querySelectorAll("input[checked]")).toHaveLength(0);
    },
  );

  it("is the same bytes for every visitor (the page cache and the CDN contract hold)", async () => {
    const app = makeApp({ ...SITE, ...ALL_MEASUREMENT_ENV });
    const a = await request(app).get("/?utm_source=x").set("Cookie", `${CONSENT_KEY}=1`);
    const b = await request(app).get("/?fbclid=y");
    expect(a.text).toBe(b.text);
    expect(a.headers.etag).toBe(b.headers.etag);
    expect(a.headers["set-cookie"]).toBeUndefined();
    expect(a.headers.vary).toBe(b.headers.vary);
  });

  it("CONSENT_VERSION reaches the client only with a tool that asks, and changes nothing else", async () => {
    const html = async (env: Record<string, string>) => (await request(appFor({ ...SITE, ...env })).get("/")).text;
    const withIt = await html({ ...ALL_MEASUREMENT_ENV, CONSENT_VERSION: "2026-11" });
    expect(withIt).toContain('data-consent-version="2026-11"');
    expect(withIt.replace(' data-consent-version="2026-11"', "")).toBe(await html(ALL_MEASUREMENT_ENV));
    expect(await html({ PLAUSIBLE_DOMAIN: "xia.com.br", CONSENT_VERSION: "2026-11" })).not.toContain(
      "data-consent-version",
    );
  });

  it("Plausible alone: no banner, no footer link, no tags file, the default script named by nobody", async () => {
    const html = (await request(appFor({ ...SITE, PLAUSIBLE_DOMAIN: "xia.com.br" })).get("/")).text;
    // Bytes: none of the banner's markup, links, settings or CSS anywhere in the answer.
    expect(html).not.toContain("cookie-preferences");
    expect(html).not.toContain("data-tags=");
    expect(html).not.toContain("data-plausible-src");
    expect(html).not.toContain(".consent{");
    const [entry] = parsePage(html).document.querySelectorAll<HTMLScriptElement>('script[type="module"]');
    expect(entry.dataset.plausible).toBe("xia.com.br");
    expect(entry.getAttribute("src")).toMatch(/^\/assets\/measured-[\w-]+\.js$/);
  });

  it.each([...LANGS.map((l) => landingHref(l)), ...heaviestSegmentPaths(), ...shippedVariantPaths()])(
    "%s: headers plus brotli body still fit in 14,600 bytes, every tag and conversion configured",
    async (path) => {
      const everything = { ...SITE, ...ALL_MEASUREMENT_ENV, ...ALL_CONVERSIONS_ENV };
      const res = await getAsSent(appFor(everything), path, { "Accept-Encoding": "br" });
      expect(res.headers["content-encoding"]).toBe("br");
      expect(res.headerBytes + res.body.length).toBeLessThanOrEqual(14_600);
    },
  );
});

describe("the privacy page per configuration", () => {
  const privacy = async (env: Record<string, string>) =>
    parsePage(
      (
        await request(appFor({ ...SITE, ...env }))
          .get("/privacy")
          .expect(200)
      ).text,
    ).text;
  const title = (key: string) => legalCopy(`privacy.measurement.${key}.title`);

  it("nothing configured: no cookies, nothing from third parties, no measurement section", async () => {
    const text = await privacy({});
    expect(text).toContain(legalCopy("privacy.browser.intro"));
    expect(text).toContain(legalCopy("privacy.security.thirdParty"));
    expect(text).not.toContain(legalCopy("privacy.measurement.title"));
  });

  it.each([
    ["GA4", { GA4_ID: "G-TEST12345" }, ["ga4"], "google"],
    ["GTM (and its Google Ads tags)", { GTM_ID: "GTM-TEST123" }, ["gtm", "ads"], "google"],
    ["the Meta Pixel", { META_PIXEL_ID: "1234567890123456" }, ["meta"], "meta"],
    ["all four", ALL_MEASUREMENT_ENV, ["ga4", "gtm", "ads", "meta", "plausible"], "both"],
  ])(
    "%s: each configured tool with its facts, the transfer, the consent and how to change it",
    async (_, env, tools, who) => {
      const text = await privacy(env);
      const plausible = tools.includes("plausible") ? "yes" : "no";
      expect(text).toContain(legalCopy("privacy.measurement.title"));
      expect(text).toContain(legalCopy("privacy.browser.introMeasured", { cookies: "yes", plausible }));
      expect(text).toContain(legalCopy("privacy.browser.controlMeasured", { asks: "yes" }));
      expect(text).toContain(legalCopy("privacy.data.site.measured"));
      expect(text).toContain(legalCopy("privacy.browser.consent", { consentKey: CONSENT_KEY }));
      expect(text).toContain(legalCopy("privacy.measurement.consent"));
      expect(text).toContain(legalCopy("privacy.transfer.measurement", { who, plausible }));
      expect(text).toContain(legalCopy("privacy.measurement.choice.text"));
      expect(text).toContain(legalCopy("privacy.security.thirdPartyMeasured"));
      expect(text).not.toContain(legalCopy("privacy.browser.intro"));
      for (const key of ["ga4", "gtm", "ads", "meta", "plausible"]) {
        expect(text.includes(title(key)), key).toBe(tools.includes(key));
        if (tools.includes(key)) {
          expect(text).toContain(legalCopy(`privacy.measurement.${key}.cookies`));
          expect(text).toContain(legalCopy(`privacy.measurement.${key}.basis`));
          expect(text).toContain(legalCopy(`privacy.measurement.${key}.retention`));
        }
      }
    },
  );

  it("Plausible alone: still no cookies, its legitimate interest, nothing to choose", async () => {
    const text = await privacy({ PLAUSIBLE_DOMAIN: "xia.com.br" });
    expect(text).toContain(legalCopy("privacy.browser.introMeasured", { cookies: "no", plausible: "yes" }));
    expect(text).toContain(legalCopy("privacy.browser.controlMeasured", { asks: "no" }));
    // Plausible's own service is in the EU: an international transfer too, without consent.
    expect(text).toContain(legalCopy("privacy.transfer.measurement", { who: "none", plausible: "yes" }));
    expect(text).toContain(title("plausible"));
    expect(text).toContain(legalCopy("privacy.measurement.plausible.basis"));
    expect(text).toContain(
      legalCopy("privacy.measurement.plausible.provider", { hosted: "yes", host: "plausible.io" }),
    );
    expect(text).not.toContain(legalCopy("privacy.measurement.consent"));
    expect(text).not.toContain(legalCopy("privacy.measurement.choice.title"));
    expect(text).not.toContain(legalCopy("privacy.browser.consent", { consentKey: CONSENT_KEY }));
  });

  it("a self-hosted Plausible is named by its host", async () => {
    const text = await privacy({
      PLAUSIBLE_DOMAIN: "xia.com.br",
      PLAUSIBLE_SCRIPT_URL: "https://stats.xia.com.br/js/script.js",
    });
    const args = { hosted: "no", host: "stats.xia.com.br" };
    expect(text).toContain(legalCopy("privacy.measurement.plausible.provider", args));
    expect(text).toContain(legalCopy("privacy.measurement.plausible.transfer", args));
  });
});
