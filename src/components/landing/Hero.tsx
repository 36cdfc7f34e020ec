/** The landing hero: promise, calls to action, badges and a sample WhatsApp conversation. */
import type { PageContext } from "../../pages/context";

export function Hero({ ctx }: { ctx: PageContext }) {
  const { t, config } = ctx;
  const brand = config.brandName;
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
            </a>
            <a className="btn btn-outline btn-lg" href="#features">
              {t("hero.secondary")}
            </a>
          </div>
          <ul className="badges" aria-label={t("hero.badges.label")}>
            <li>
              <span className="dot" aria-hidden="true"></span>
              {t("hero.badges.online")}
            </li>
            <li>{t("hero.badges.ai")}</li>
            <li>{t("hero.badges.whatsapp")}</li>
            <li>{t("hero.badges.multiuser")}</li>
          </ul>
        </div>
        <figure className="chat" aria-labelledby="chat-title">
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
            <li className="msg msg-in">
              <span className="visually-hidden">{t("hero.chat.aiName", { brand })}: </span>
              {t("hero.chat.greeting")}
            </li>
            <li className="msg msg-out">
              <span className="visually-hidden">{t("hero.chat.userName")}: </span>
              {t("hero.chat.question")}
            </li>
            <li className="msg msg-in">
              <span className="visually-hidden">{t("hero.chat.aiName", { brand })}: </span>
              {t("hero.chat.answer")}
            </li>
          </ol>
        </figure>
      </div>
    </section>
  );
}
