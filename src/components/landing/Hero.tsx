/**
 * The hero of the landing page and of every segment page: eyebrow, promise, calls to action,
 * badges, and a phone showing the product at work in WhatsApp (Phone.tsx). The page gives the
 * words; the landing page's are `hero.*` (landingHero), a segment's `seg.<key>.*`.
 */
import type { PageContext } from "../../content/pageContext";
import { Icon } from "../Icon";
import type { IconId } from "../../content/icons";
import { Phone, type ChatScript } from "./Phone";
import { hasMessage } from "../../content/catalogue";
import { variantKey, type VariantField } from "../../content/variants";

const BADGES: Array<[key: string, icon: IconId | null]> = [
  ["online", null],
  ["ai", "brain"],
  ["whatsapp", "whatsapp"],
  ["multiuser", "users"],
];

export interface HeroCopy {
  eyebrow: string;
  title: string;
  subtitle: string;
  /** The second call to action: a section of the page. */
  secondary: { href: string; label: string };
  /** A segment page's "talk to sales" beside the start button (WhatsApp or e-mail; decision 056). */
  sales?: { href: string; label: string; whatsapp: boolean };
  chat: ChatScript;
}

/** The landing page's hero copy: a dental clinic's customer booking by voice message. */
export function landingHero({ t }: PageContext): HeroCopy {
  return {
    eyebrow: t("hero.eyebrow"),
    title: t("hero.title"),
    subtitle: t("hero.subtitle"),
    secondary: { href: "#features", label: t("hero.secondary") },
    chat: {
      first: { voice: t("hero.chat.voiceLength"), transcript: t("hero.chat.transcript") },
      reply: t("hero.chat.reply"),
      lead: t("hero.chat.lead"),
      qualified: t("hero.chat.qualified"),
      offer: t("hero.chat.offer"),
      slots: [t("hero.chat.slot1"), t("hero.chat.slot2")],
      pick: t("hero.chat.pick"),
      done: t("hero.chat.booked"),
      note: t("hero.chat.bookedNote"),
      noteIcon: "calendarCheck",
    },
  };
}

/**
 * The hero's copy as this request gets it: the message-match variant's headline, subhead and (where
 * written) the chat's first message in place of the page's own, when the request named a variant
 * the catalogues hold (decision 056; never anything from the URL itself).
 */
function withVariant(ctx: PageContext, copy: HeroCopy): HeroCopy {
  const { source, lang, t, settings } = ctx;
  if (!source || source.variant === null) return copy;
  const key = (field: VariantField) => variantKey(source.page, source.variant!, field);
  const args = { brand: settings.brandName };
  const chat = hasMessage(lang, key("chat")) ? t(key("chat"), args) : null;
  return {
    ...copy,
    title: t(key("title"), args),
    subtitle: t(key("subtitle"), args),
    chat:
      chat === null
        ? copy.chat
        : {
            ...copy.chat,
            first: "voice" in copy.chat.first ? { ...copy.chat.first, transcript: chat } : { text: chat },
          },
  };
}

export function Hero({ ctx, copy: own, eyebrowIcon }: { ctx: PageContext; copy: HeroCopy; eyebrowIcon?: IconId }) {
  const { t, sprite } = ctx;
  const copy = withVariant(ctx, own);
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="container hero-grid">
        <div className="hero-copy">
          <p className="eyebrow">
            {eyebrowIcon ? <Icon sprite={sprite} name={eyebrowIcon} /> : null}
            {copy.eyebrow}
          </p>
          <h1 id="hero-title">{copy.title}</h1>
          <p className="lead">{copy.subtitle}</p>
          <div className="hero-actions">
            <a className="btn btn-primary btn-lg" href={ctx.appHref}>
              {t("hero.cta")}
              <Icon sprite={sprite} name="arrowRight" />
            </a>
            {copy.sales ? (
              <a className="btn btn-outline btn-lg" href={copy.sales.href}>
                {copy.sales.whatsapp ? <Icon sprite={sprite} name="whatsapp" /> : null}
                {copy.sales.label}
              </a>
            ) : null}
            <a className="btn btn-outline btn-lg" href={copy.secondary.href}>
              {copy.secondary.label}
            </a>
          </div>
          <ul className="badges" aria-label={t("hero.badges.label")}>
            {BADGES.map(([key, icon]) => (
              <li key={key}>
                {icon ? <Icon sprite={sprite} name={icon} /> : <span className="dot" aria-hidden="true"></span>}
                {t(`hero.badges.${key}`)}
              </li>
            ))}
          </ul>
        </div>
        <Phone ctx={ctx} chat={copy.chat} />
      </div>
    </section>
  );
}
