/**
 * A segment page (`/segmentos/<slug>`, `/en/industries/<slug>`, `/es/segmentos/<slug>`; decisions
 * 054 and 055): the landing page's frame, pricing, calculator and general questions around the
 * segment's own hero, sample chat, "how it works for you" blocks, questions and closing line, then
 * the other segments and the way home. Its header anchors land on its own sections, but for the
 * features grid, which is the landing page's; its language switcher goes to the same segment.
 */
import { jsonForScript } from "../../views/document";
import { LandingFrame } from "../components/LandingFrame";
import type { FrameLinks } from "../components/frameLinks";
import { Faq } from "../components/landing/Faq";
import { Hero } from "../components/landing/Hero";
import { Industries } from "../components/landing/Industries";
import { Pricing } from "../components/landing/Pricing";
import { HowItWorks, segmentHero, segmentQuestions } from "../components/segment/parts";
import { Icon } from "../components/Icon";
import { segmentAlternates } from "../content/segmentPages";
import { SEGMENTS, segmentPath, type SegmentKey } from "../content/segments";
import { LANGS, landingHref } from "../shared/languages";
import type { PageContext } from "../content/pageContext";
import { shareableHead, type PageHead } from "./head";
import type { PageDescriptor } from "./page";

/** Title, description and sharing tags naming the segment, its hreflang cluster, breadcrumbs. */
export function segmentHead(ctx: PageContext, key: SegmentKey): PageHead {
  const { t, settings, lang } = ctx;
  const brand = settings.brandName;
  const path = segmentPath(lang, key);
  return {
    ...shareableHead(ctx, {
      title: t(`seg.${key}.metaTitle`, { brand }),
      description: t(`seg.${key}.metaDescription`, { brand }),
      path,
      imageAlt: t("meta.ogImageAlt", { brand }),
    }),
    alternates: segmentAlternates(settings.siteUrl, key),
    jsonLd: jsonForScript({
      "@context": "https://schema.org",
      "@type": "BreadcrumbList",
      itemListElement: [
        { "@type": "ListItem", position: 1, name: brand, item: settings.siteUrl + landingHref(lang) },
        { "@type": "ListItem", position: 2, name: t(`industries.${key}`), item: settings.siteUrl + path },
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

export function Segment({ ctx, segment }: { ctx: PageContext; segment: SegmentKey }) {
  const { t, settings, lang, sprite } = ctx;
  return (
    <LandingFrame ctx={ctx} links={segmentLinks(ctx, segment)}>
      <Hero ctx={ctx} copy={segmentHero(ctx, segment)} eyebrowIcon={SEGMENTS[segment].icon} />
      <HowItWorks ctx={ctx} segment={segment} />
      <Pricing ctx={ctx} />
      <Faq
        ctx={ctx}
        own={segmentQuestions(ctx, segment)}
        closing={t(`seg.${segment}.closing`, { brand: settings.brandName })}
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
              {t("segment.home", { brand: settings.brandName })}
            </a>
          </p>
        }
      />
    </LandingFrame>
  );
}

/** A segment's page in each language (decision 055): an ad's page, like the landing page, with its own head. */
export const segmentPage = (segment: SegmentKey): PageDescriptor => ({
  name: `segment:${segment}`,
  paths: Object.fromEntries(LANGS.map((lang) => [lang, segmentPath(lang, segment)])),
  adPage: segment,
  loadsMeasurement: true,
  styles: "segment",
  head: (ctx) => segmentHead(ctx, segment),
  render: (ctx) => <Segment ctx={ctx} segment={segment} />,
});
