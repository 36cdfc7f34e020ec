/**
 * The landing hero: promise, calls to action, badges, and a phone showing the product at work in
 * WhatsApp (HTML and CSS, copy from the catalogues): a customer's voice message transcribed, the
 * lead qualified, a time slot offered and booked.
 */
import type { ReactNode } from "react";
import type { PageContext } from "../../pages/context";
import { Icon } from "../Icon";
import type { IconId } from "../../content/icons";

/** Bars of a voice message's waveform (decorative), as one SVG path in a 0 0 120 24 box. */
const WAVE = [6, 10, 16, 8, 12, 20, 14, 9, 18, 22, 12, 7, 15, 19, 11, 8, 13, 17, 10, 6, 9, 14, 8, 5]
  .map((h, i) => `M${3 + i * 5} ${12 - h / 2}v${h}`)
  .join("");

const BADGES: Array<[key: string, icon: IconId | null]> = [
  ["online", null],
  ["ai", "brain"],
  ["whatsapp", "whatsapp"],
  ["multiuser", "users"],
];

export function Hero({ ctx }: { ctx: PageContext }) {
  const { t, config, sprite } = ctx;
  const brand = config.brandName;
  const ai = <span className="visually-hidden">{t("hero.chat.aiName", { brand })}: </span>;
  const customer = <span className="visually-hidden">{t("hero.chat.userName")}: </span>;
  /** A chat bubble: "in" from the AI (left), "out" from the customer (right), speaker named for screen readers. */
  const bubble = (from: "in" | "out", content: ReactNode) => (
    <li className={`msg msg-${from}`}>
      {from === "in" ? ai : customer}
      {content}
    </li>
  );
  /** What the product did, between the bubbles (WhatsApp's system-message style). */
  const event = (icon: IconId, key: string) => (
    <li className="chat-event">
      <Icon sprite={sprite} name={icon} />
      {t(key)}
    </li>
  );
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="container hero-grid">
        <div className="hero-copy">
          <p className="eyebrow">{t("hero.eyebrow")}</p>
          <h1 id="hero-title">{t("hero.title")}</h1>
          <p className="lead">{t("hero.subtitle")}</p>
          <div className="hero-actions">
            <a className="btn btn-primary btn-lg" href={config.appUrl}>
              {t("hero.cta")}
              <Icon sprite={sprite} name="arrowRight" />
            </a>
            <a className="btn btn-outline btn-lg" href="#features">
              {t("hero.secondary")}
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
        <figure className="phone" aria-labelledby="chat-title">
          <figcaption className="chat-head" id="chat-title">
            <span className="chat-avatar" aria-hidden="true">
              {brand.slice(0, 1)}
            </span>
            <span>
              <span className="chat-name">{t("hero.chat.aiName", { brand })}</span>
              <span className="chat-status">{t("hero.chat.status")}</span>
            </span>
            <span className="visually-hidden">: {t("hero.chat.label")}</span>
          </figcaption>
          <ol className="chat-body">
            {bubble(
              "out",
              <>
                <span className="voice">
                  <Icon sprite={sprite} name="play" />
                  <svg className="wave" viewBox="0 0 120 24" aria-hidden="true">
                    <path d={WAVE} />
                  </svg>
                  <span className="visually-hidden">{t("hero.chat.voice")} </span>
                  {t("hero.chat.voiceLength")}
                </span>
                <span className="transcript">
                  <span className="transcript-label">
                    <Icon sprite={sprite} name="microphone" />
                    {t("hero.chat.transcribed")}
                  </span>
                  {t("hero.chat.transcript")}
                </span>
              </>,
            )}
            {bubble("in", t("hero.chat.reply"))}
            {bubble("out", t("hero.chat.lead"))}
            {event("userCheck", "hero.chat.qualified")}
            {bubble(
              "in",
              <>
                {t("hero.chat.offer")}
                <span className="slots">
                  <span>{t("hero.chat.slot1")}</span>
                  <span>{t("hero.chat.slot2")}</span>
                </span>
              </>,
            )}
            {bubble("out", t("hero.chat.pick"))}
            {bubble("in", t("hero.chat.booked"))}
            {event("calendarCheck", "hero.chat.bookedNote")}
          </ol>
        </figure>
      </div>
    </section>
  );
}
