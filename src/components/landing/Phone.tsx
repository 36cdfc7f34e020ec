/**
 * The hero's phone: a WhatsApp conversation in HTML and CSS (views/styles/hero.css) showing the
 * product at work. The landing page and every segment page draw theirs with it from a script of
 * finished strings: the customer's first message (a voice note with its transcript, or text), the
 * AI's reply, the customer's answer, the lead qualified, an offer (two time slots, a document sent,
 * or text alone), the customer's pick and the AI's closing (not after a handover), and what the
 * product did.
 */
import type { ReactNode } from "react";
import type { PageContext } from "../../content/pageContext";
import { Icon } from "../Icon";
import type { IconId } from "../../content/icons";

/** Bars of a voice message's waveform (decorative), as one SVG path in a 0 0 120 24 box. */
const WAVE = [6, 10, 16, 8, 12, 20, 14, 9, 18, 22, 12, 7, 15, 19, 11, 8, 13, 17, 10, 6, 9, 14, 8, 5]
  .map((h, i) => `M${3 + i * 5} ${12 - h / 2}v${h}`)
  .join("");

export interface ChatScript {
  first: { voice: string; transcript: string } | { text: string };
  reply: string;
  lead: string;
  qualified: string;
  offer: string;
  /** With the offer: two time slots, or a document's file name, or neither. */
  slots?: [string, string];
  file?: string;
  /** The customer's pick and the AI's closing; absent when the chat ends with a handover. */
  pick?: string;
  done?: string;
  note: string;
  noteIcon: IconId;
}

export function Phone({ ctx, chat }: { ctx: PageContext; chat: ChatScript }) {
  const { t, settings, sprite } = ctx;
  const brand = settings.brandName;
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
  const event = (icon: IconId, text: string) => (
    <li className="chat-event">
      <Icon sprite={sprite} name={icon} />
      {text}
    </li>
  );
  const first = chat.first;
  return (
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
        {/* Visible too: the staff, prices and times in the chat are made up (decision 056). */}
        <span className="chat-example" aria-hidden="true">
          {t("hero.chat.example")}
        </span>
      </figcaption>
      <ol className="chat-body">
        {"voice" in first
          ? bubble(
              "out",
              <>
                <span className="voice">
                  <Icon sprite={sprite} name="play" />
                  <svg className="wave" viewBox="0 0 120 24" aria-hidden="true">
                    <path d={WAVE} />
                  </svg>
                  <span className="visually-hidden">{t("hero.chat.voice")} </span>
                  {first.voice}
                </span>
                <span className="transcript">
                  <span className="transcript-label">
                    <Icon sprite={sprite} name="microphone" />
                    {t("hero.chat.transcribed")}
                  </span>
                  {first.transcript}
                </span>
              </>,
            )
          : bubble("out", first.text)}
        {bubble("in", chat.reply)}
        {bubble("out", chat.lead)}
        {event("userCheck", chat.qualified)}
        {bubble(
          "in",
          <>
            {chat.offer}
            {chat.slots ? (
              <span className="slots">
                <span>{chat.slots[0]}</span>
                <span>{chat.slots[1]}</span>
              </span>
            ) : null}
            {chat.file ? (
              <span className="chat-file">
                <Icon sprite={sprite} name="pdf" />
                <span className="visually-hidden">{t("segment.chatFile")} </span>
                {chat.file}
              </span>
            ) : null}
          </>,
        )}
        {chat.pick ? bubble("out", chat.pick) : null}
        {chat.done ? bubble("in", chat.done) : null}
        {event(chat.noteIcon, chat.note)}
      </ol>
    </figure>
  );
}
