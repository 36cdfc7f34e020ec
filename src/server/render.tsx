/**
 * Turns a route, a language and a date into a finished HTML document. Pure: the same inputs give
 * the same bytes, which is what lets the page cache keep one copy per (route, language, day).
 */
import { renderToString } from "react-dom/server";
import { jsonForScript, renderDocument, type DocumentOptions } from "../../views/document";
import type { PageContext } from "../pages/context";
import { Landing } from "../pages/Landing";
import { Privacy, Terms } from "../pages/Legal";
import { Message } from "../pages/Message";
import { LANGS, LANGUAGE_INFO, landingHref, type Lang } from "../shared/languages";
import type { CalculatorQuery } from "../shared/calculator";
import type { Assets } from "./assets";
import type { Config } from "./config";
import type { Today } from "./dates";
import { legal, t, translator } from "./i18n";
import { landingJsonLd } from "./structuredData";

export type Route = "landing" | "privacy" | "terms";

export interface RenderInput {
  config: Config;
  assets: Assets;
  lang: Lang;
  today: Today;
}

function context({ config, assets, lang, today }: RenderInput): PageContext {
  return { config, lang, today, t: translator(lang), sprite: assets.sprite };
}

const absolute = (config: Config, path: string) => config.siteUrl + path;

/** Open Graph and Twitter card tags for a page (WhatsApp shows the Open Graph preview). */
function sharingMeta(
  config: Config,
  lang: Lang,
  title: string,
  description: string,
  url: string,
  imageAlt: string,
): Array<[string, string, string]> {
  // One preview per language (scripts/make-images.ts draws them from the catalogues).
  const image = absolute(config, `/og-image-${lang}.png`);
  return [
    ["property", "og:type", "website"],
    ["property", "og:site_name", config.brandName],
    ["property", "og:title", title],
    ["property", "og:description", description],
    ["property", "og:url", url],
    ["property", "og:locale", LANGUAGE_INFO[lang].ogLocale],
    ...LANGS.filter((l) => l !== lang).map((l): [string, string, string] => [
      "property",
      "og:locale:alternate",
      LANGUAGE_INFO[l].ogLocale,
    ]),
    ["property", "og:image", image],
    ["property", "og:image:type", "image/png"],
    ["property", "og:image:width", "1200"],
    ["property", "og:image:height", "630"],
    ["property", "og:image:alt", imageAlt],
    ["name", "twitter:card", "summary_large_image"],
    ["name", "twitter:title", title],
    ["name", "twitter:description", description],
    ["name", "twitter:image", image],
    ["name", "twitter:image:alt", imageAlt],
  ];
}

function shell(
  input: RenderInput,
  o: Omit<DocumentOptions, "css" | "htmlLang">,
  htmlLang = LANGUAGE_INFO[input.lang].htmlLang,
): string {
  return renderDocument({ ...o, htmlLang, css: input.assets.css });
}

export function renderLanding(input: RenderInput, calculatorQuery: CalculatorQuery = {}): string {
  const ctx = context(input);
  const { t, config, lang } = ctx;
  const brand = config.brandName;
  const title = t("meta.title", { brand });
  const description = t("meta.description", { brand });
  const canonical = absolute(config, landingHref(lang));
  return shell(input, {
    title,
    description,
    canonical,
    meta: sharingMeta(config, lang, title, description, canonical, t("meta.ogImageAlt", { brand })),
    jsonLd: jsonForScript(landingJsonLd(config, lang)),
    alternates: [
      ...LANGS.map((l) => ({ hreflang: LANGUAGE_INFO[l].htmlLang, href: absolute(config, landingHref(l)) })),
      { hreflang: "x-default", href: absolute(config, "/") },
    ],
    headScript: lang === "pt" ? input.assets.headScript : undefined,
    moduleScripts: [input.assets.mainScript],
    body: renderToString(<Landing ctx={ctx} calculatorQuery={calculatorQuery} />),
  });
}

export function renderLegal(input: RenderInput, route: "privacy" | "terms"): string {
  const ctx = context({ ...input, lang: "pt" });
  const brand = ctx.config.brandName;
  const Page = route === "privacy" ? Privacy : Terms;
  const title = legal(`${route}.metaTitle`, { brand });
  const description = legal(`${route}.description`, { brand });
  const canonical = absolute(ctx.config, `/${route}`);
  return shell(
    { ...input, lang: "pt" },
    {
      title,
      description,
      canonical,
      meta: sharingMeta(ctx.config, "pt", title, description, canonical, t("pt", "meta.ogImageAlt", { brand })),
      body: renderToString(<Page ctx={ctx} />),
    },
  );
}

export type MessageKind = "notFound" | "badRequest" | "methodNotAllowed" | "generic";

export function renderMessage(input: RenderInput, kind: MessageKind): string {
  const ctx = context(input);
  const { t, config } = ctx;
  const brand = config.brandName;
  const title = kind === "notFound" ? t("notFound.title") : t(`error.${kind}.title`);
  const text = kind === "notFound" ? t("notFound.text") : t(`error.${kind}.text`);
  const home = kind === "notFound" ? t("notFound.home") : t("error.home");
  return shell(input, {
    title: kind === "notFound" ? t("meta.notFoundTitle", { brand }) : t("meta.errorTitle", { title, brand }),
    description: text,
    robots: "noindex",
    body: renderToString(<Message ctx={ctx} title={title} text={text} home={home} />),
  });
}
