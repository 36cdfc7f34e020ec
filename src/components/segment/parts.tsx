/**
 * A segment page's own parts (decision 055), every word from `seg.<key>.…` (docs/copy.md): the
 * hero's copy and sample chat, the "how it works for you" blocks, its own questions and closing
 * line. The page (src/pages/Segment.tsx) sets them in the landing page's frame; the distinctness
 * check (scripts/distinctness.ts) reads the same parts.
 */
import type { PageContext } from "../../content/pageContext";
import { FEATURE_ICONS } from "../../content/features";
import { SEGMENTS, type Segment, type SegmentKey } from "../../content/segments";
import { segmentSalesHref } from "../../content/sales";
import { Icon } from "../Icon";
import type { HeroCopy } from "../landing/Hero";
import { aiProviders, type Question } from "../landing/Faq";
import { Section } from "../landing/Section";

/** The id of the "how it works for you" section, the hero's second call to action. */
export const HOW_ID = "how";

/** The segment page's "talk to sales" call-to-action, naming the segment and the page's reference (decision 056). */
function segmentSales({ t, settings, lang, ref, xa }: PageContext, key: SegmentKey): HeroCopy["sales"] {
  const href = segmentSalesHref(lang, ref ?? SEGMENTS[key].ref, xa);
  const whatsapp = settings.salesWhatsapp !== null;
  return { href, label: t(whatsapp ? "source.ctaWhatsapp" : "source.ctaEmail"), whatsapp };
}

export function segmentHero(ctx: PageContext, key: SegmentKey): HeroCopy {
  const { t, settings } = ctx;
  const chat: Segment["chat"] = SEGMENTS[key].chat;
  const c = (k: string) => t(`seg.${key}.chat.${k}`, { brand: settings.brandName });
  return {
    eyebrow: t(`seg.${key}.eyebrow`, { brand: settings.brandName }),
    title: t(`seg.${key}.title`, { brand: settings.brandName }),
    subtitle: t(`seg.${key}.subtitle`, { brand: settings.brandName }),
    secondary: { href: `#${HOW_ID}`, label: t("segment.howLink") },
    sales: segmentSales(ctx, key),
    chat: {
      first: chat.first === "voice" ? { voice: c("voiceLength"), transcript: c("first") } : { text: c("first") },
      reply: c("reply"),
      lead: c("lead"),
      qualified: c("qualified"),
      offer: c("offer"),
      slots: chat.offer === "slots" ? [c("slot1"), c("slot2")] : undefined,
      file: chat.offer === "file" ? c("file") : undefined,
      ...(chat.end === "handover" ? {} : { pick: c("pick"), done: c("done") }),
      note: c("note"),
      noteIcon: chat.noteIcon,
    },
  };
}

/**
 * The segment's own questions, shown before the general ones; on a sensitive-data page the data
 * question's answer ends with where the conversations go (`dataFaq`, issue 30).
 */
export function segmentQuestions({ t, settings }: PageContext, key: SegmentKey): Question[] {
  const args = { brand: settings.brandName, email: settings.contactEmail };
  const segment: Segment = SEGMENTS[key];
  return segment.faqs.map((id) => ({
    q: t(`seg.${key}.faq.${id}.q`, args),
    a: t(`seg.${key}.faq.${id}.a`, args),
    ...(id === segment.dataFaq ? { privacy: aiProviders(t) } : {}),
  }));
}

/** "How it works for you": one card per block, with its feature's icon (the landing grid's cards). */
export function HowItWorks({ ctx, segment }: { ctx: PageContext; segment: SegmentKey }) {
  const { t, settings, sprite } = ctx;
  const brand = settings.brandName;
  return (
    <Section id={HOW_ID} title={t(`seg.${segment}.blocksTitle`, { brand })} alt>
      <ul className="feature-grid">
        {SEGMENTS[segment].blocks.map((feature) => (
          <li className="feature" key={feature}>
            <Icon sprite={sprite} name={FEATURE_ICONS[feature]} className="tile" />
            <div>
              <h3>{t(`seg.${segment}.block.${feature}.title`, { brand })}</h3>
              <p>{t(`seg.${segment}.block.${feature}.text`, { brand })}</p>
            </div>
          </li>
        ))}
      </ul>
    </Section>
  );
}
