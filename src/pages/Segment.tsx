/**
 * A segment page (`/segmentos/<slug>`, `/en/industries/<slug>`, `/es/segmentos/<slug>`; decisions
 * 054 and 055): the landing page's frame, pricing, calculator and general questions around the
 * segment's own hero, sample chat, "how it works for you" blocks, questions and closing line, then
 * the other segments and the way home. Its header anchors land on its own sections, but for the
 * features grid, which is the landing page's; its language switcher goes to the same segment.
 */
import { jsonForScript } from "../../views/document";
import { LandingFrame, type FrameLinks } from "../components/LandingFrame";
import { Faq } from "../components/landing/Faq";
import { Hero } from "../components/landing/Hero";
import { Industries } from "../components/landing/Industries";
import { Pricing } from "../components/landing/Pricing";
import { HowItWorks, segmentHero, segmentQuestions } from "../components/segment/parts";
import { Icon } from "../components/Icon";
import { segmentAlternates } from "../content/segmentPages";
import { SEGMENTS, segmentPath, type SegmentKey } from "../content/segments";
import { landingHref } from "../shared/languages";
import type { CalculatorQuery } from "../shared/calculator";
import type { PageContext } from "./context";
import { shareableHead, type PageHead } from "./head";

/** Title, description and sharing tags naming the segment, its hreflang cluster, breadcrumbs. */
export function segmentHead(ctx: PageContext, key: SegmentKey): PageHead {
  const { t, config, lang } = ctx;
  const brand = config.brandName;
  const path = segmentPath(lang, key);
  return {
    ...shareableHead(ctx, {
      title: t(`seg.${key}.metaTitle`, { brand }),
      description: t(`seg.${key}.metaDescription`, { brand }),
      path,
      imageAlt: t("meta.ogImageAlt", { brand }),
    }),
    alternates: segmentAlternates(config.siteUrl, key),
    jsonLd: jsonForScript({
      "@context": "https://schema.org",
      "@type": "BreadcrumbList",
      itemListElement: [
        { "@type": "ListItem", position: 1, name: brand, item: config.siteUrl + landingHref(lang) },
        { "@type": "ListItem", position: 2, name: t(`industries.${key}`), item: config.siteUrl + path },
      ],
    }),
  };
}

function segmentLinks(ctx: PageContext, key: SegmentKey): FrameLinks {
  return {
    nav: { features: landingHref(ctx.lang, "#features"), industries: "#industries", pricing: "#pricing", faq: "#faq" },
    languageHref: (l) => segmentPath(l, key),
    home: landingHref(ctx.lang),
  };
}

export function Segment({
  ctx,
  segment,
  calculatorQuery,
}: {
  ctx: PageContext;
  segment: SegmentKey;
  calculatorQuery: CalculatorQuery;
}) {
  const { t, config, lang, sprite } = ctx;
  return (
    <LandingFrame ctx={ctx} links={segmentLinks(ctx, segment)}>
      <Hero ctx={ctx} copy={segmentHero(ctx, segment)} eyebrowIcon={SEGMENTS[segment].icon} />
      <HowItWorks ctx={ctx} segment={segment} />
      <Pricing ctx={ctx} calculatorQuery={calculatorQuery} />
      <Faq
        ctx={ctx}
        own={segmentQuestions(ctx, segment)}
        closing={t(`seg.${segment}.closing`, { brand: config.brandName })}
      />
      <Industries
        ctx={ctx}
        title={t("segment.others")}
        exclude={segment}
        alt={false}
        after={
          <p className="industries-more">
            <a href={landingHref(lang)}>
              <Icon sprite={sprite} name="arrowLeft" />
              {t("segment.home", { brand: config.brandName })}
            </a>
          </p>
        }
      />
    </LandingFrame>
  );
}
