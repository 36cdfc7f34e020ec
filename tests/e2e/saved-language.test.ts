/*
 * The saved language (the header island saves it, client/head.ts acts on it): a returning visitor
 * gets their language without a Portuguese paint, an explicit language path is never redirected,
 * and storage that throws is ignored.
 */
import { describe, expect, it } from "vitest";
import { DEFAULT_LANG, LANGS } from "../../src/shared/languages";
import type { ConsoleMessage, Disposable, Request } from "playwright-core";
import { DESKTOP, MOBILE, hydrated, useSiteAndBrowser } from "./helpers";
import { useSharedPage } from "./shared-page";
import { header } from "./visitor";

const env = useSiteAndBrowser();

/** Records, in sessionStorage (kept across same-tab navigations), every paint of every document. */
const RECORD_PAINTS = () => {
  const lang = () => document.documentElement.lang;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      const log = JSON.parse(sessionStorage.getItem("paints") ?? "[]");
      log.push(`${e.name}:${lang()}:${location.search}`);
      sessionStorage.setItem("paints", JSON.stringify(log));
    }
  }).observe({ type: "paint", buffered: true });
};

// One page for the file's returning visitors and one for storage that throws, each test a first
// visit (decision 126): the saved language is written by a script added for that visit only, before
// the first document of the visit paints, as a visitor who chose it before arrives.
const returning = useSharedPage(env, { init: RECORD_PAINTS });

describe.each([
  ["desktop", DESKTOP],
  ["mobile", MOBILE],
] as const)("returning visitor (%s)", (_n, viewport) => {
  async function visitWithSaved(value: string | null, path = "/#faq") {
    const documents: string[] = [];
    const onRequest = (r: Request) => {
      if (r.resourceType() === "document") documents.push(r.url());
    };
    let seed: Disposable | undefined;
    const { page } = await returning.visit(path, {
      viewport,
      before: async (page) => {
        if (value !== null)
          seed = await page.addInitScript(
            ([v]) => {
              if (!sessionStorage.getItem("seeded")) {
                localStorage.setItem("xia_lang", v);
                sessionStorage.setItem("seeded", "1");
              }
            },
            [value],
          );
        page.on("request", onRequest);
      },
    });
    try {
      await page.waitForLoadState("load");
      // Wait until the document now showing has painted (its first contentful paint is in the log,
      // whatever its language). A paint of the Portuguese page before a redirect would come first.
      await page.waitForFunction(() =>
        (JSON.parse(sessionStorage.getItem("paints") ?? "[]") as string[]).includes(
          `first-contentful-paint:${document.documentElement.lang}:${location.search}`,
        ),
      );
      const paints: string[] = await page.evaluate(() => JSON.parse(sessionStorage.getItem("paints") ?? "[]"));
      return { page, documents, paints };
    } finally {
      page.off("request", onRequest);
      await seed?.dispose();
    }
  }

  it.each(LANGS.filter((lang) => lang !== DEFAULT_LANG))(
    "with %s saved, / shows that language and never paints Portuguese",
    async (lang) => {
      const { page, documents, paints } = await visitWithSaved(lang);
      expect(page.url()).toBe(`${env.url}/${lang}#faq`);
      expect(await page.getAttribute("html", "lang")).toBe(lang);
      expect(paints.length).toBeGreaterThan(0);
      expect(paints.filter((p) => p.includes(":pt-BR:"))).toEqual([]);
      expect(documents).toEqual([`${env.url}/#faq`.replace("#faq", ""), `${env.url}/${lang}`]);
    },
  );

  it("with en saved, an ad click on /?utm_source=x lands on /en?utm_source=x and never paints Portuguese", async () => {
    const { page, documents, paints } = await visitWithSaved("en", "/?utm_source=x");
    expect(page.url()).toBe(`${env.url}/en?utm_source=x`);
    expect(await page.getAttribute("html", "lang")).toBe("en");
    expect(paints.filter((p) => p.includes(":pt-BR:"))).toEqual([]);
    expect(documents).toEqual([`${env.url}/?utm_source=x`, `${env.url}/en?utm_source=x`]);
  });

  it("with es saved, an explicit /en is never redirected", async () => {
    const { page, documents } = await visitWithSaved("es", "/en?utm_source=x#pricing");
    expect(page.url()).toBe(`${env.url}/en?utm_source=x#pricing`);
    expect(await page.getAttribute("html", "lang")).toBe("en");
    expect(documents).toHaveLength(1);
  });

  it("with pt saved, or nothing saved, / stays Portuguese with one request and paints it (the detector works)", async () => {
    for (const value of ["pt", null]) {
      const { page, documents, paints } = await visitWithSaved(value);
      expect(page.url()).toBe(`${env.url}/#faq`);
      expect(documents).toHaveLength(1);
      expect(paints.some((p) => p.includes(":pt-BR:"))).toBe(true);
    }
  });
});

const throwing = useSharedPage(env, {
  init: () => {
    Object.defineProperty(window, "localStorage", {
      get() {
        throw new DOMException("The operation is insecure.", "SecurityError");
      },
    });
  },
});

describe.each([
  ["desktop", DESKTOP],
  ["mobile", MOBILE],
] as const)("storage that throws (%s)", (_n, viewport) => {
  it("is ignored: Portuguese, switching still works, nothing uncaught", async () => {
    const errors: string[] = [];
    const onError = (e: Error) => errors.push(e.message);
    const onConsole = (m: ConsoleMessage) => {
      if (m.type() === "error") errors.push(m.text());
    };
    const { page } = await throwing.visit("/", {
      viewport,
      before: (page) => {
        page.on("pageerror", onError);
        page.on("console", onConsole);
      },
    });
    await hydrated(page);
    expect(await page.getAttribute("html", "lang")).toBe("pt-BR");
    const { menuButton, languageButton, language } = header(page, "pt");
    await (viewport === MOBILE ? menuButton : languageButton).click();
    await Promise.all([page.waitForURL(`${env.url}/en`), language("en").click()]);
    expect(await page.getAttribute("html", "lang")).toBe("en");
    expect(errors).toEqual([]);
    page.off("pageerror", onError);
    page.off("console", onConsole);
  });
});
