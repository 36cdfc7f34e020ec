/**
 * ISLAND (hydrated in the browser): the fixed header with the language switcher and the mobile menu.
 *
 * Without JavaScript it already works: the toggles are links to `#lang-menu` / `#site-menu` and CSS
 * opens the target; every language is a real link. With JavaScript the toggles become proper
 * buttons (aria-expanded, Escape, click outside) and choosing a language saves it first.
 */
import { useEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from "react";
import type { Lang } from "../shared/languages";
import { saveLang } from "../shared/storage";
import { Flag } from "../shared/ui/Flag";
import { LogoMark } from "../shared/ui/LogoMark";

export interface HeaderProps {
  homeLabel: string;
  /** Where the logo goes: the top of the landing page (`#top`, the default), or the landing page from another page. */
  homeHref?: string;
  brand: string;
  navLabel: string;
  nav: Array<{ href: string; label: string }>;
  signIn: { href: string; label: string };
  signUp: { href: string; label: string };
  menuLabel: string;
  languageLabel: string;
  languageListLabel: string;
  current: Lang;
  languages: Array<{ lang: Lang; name: string; htmlLang: string; href: string }>;
}

type Open = "none" | "lang" | "menu";

/** Space and Enter activate a role="button" link like a button. */
function onButtonKey(e: KeyboardEvent<HTMLAnchorElement>, action: () => void) {
  if (e.key === " " || e.key === "Enter") {
    e.preventDefault();
    action();
  }
}

export function Header(props: HeaderProps) {
  const [open, setOpen] = useState<Open>("none");
  const langButton = useRef<HTMLAnchorElement>(null);
  const menuButton = useRef<HTMLAnchorElement>(null);
  const langBox = useRef<HTMLDivElement>(null);
  const menuBox = useRef<HTMLDivElement>(null);
  const currentInfo = props.languages.find((l) => l.lang === props.current)!;

  // Escape closes and returns focus to the toggle; a click outside closes.
  useEffect(() => {
    if (open === "none") return;
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key !== "Escape") return;
      setOpen("none");
      (open === "lang" ? langButton : menuButton).current?.focus();
    };
    const onPointer = (e: PointerEvent) => {
      const inside = [langBox, menuBox, menuButton].some((r) => r.current?.contains(e.target as Node));
      if (!inside) setOpen("none");
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
    };
  }, [open]);

  // A visitor who opened a menu through its no-JS link before hydration keeps it open, without the hash.
  useEffect(() => {
    const target = window.location.hash;
    if (target === "#lang-menu" || target === "#site-menu") {
      history.replaceState(null, "", window.location.pathname + window.location.search);
      // Syncing from an external system (the URL) once, after hydration: the server cannot know the hash.
      // eslint-disable-next-line react-hooks/set-state-in-effect
      setOpen(target === "#lang-menu" ? "lang" : "menu");
    }
  }, []);

  const toggle = (which: Exclude<Open, "none">) => setOpen((o) => (o === which ? "none" : which));
  /** A menu toggle: a link to the menu without JavaScript, a disclosure button once hydrated. */
  const toggleProps = (which: Exclude<Open, "none">, target: string) => ({
    href: `#${target}`,
    role: "button",
    "aria-expanded": open === which,
    "aria-controls": target,
    onClick: (e: MouseEvent) => {
      e.preventDefault();
      toggle(which);
    },
    onKeyDown: (e: KeyboardEvent<HTMLAnchorElement>) => onButtonKey(e, () => toggle(which)),
  });

  const choose = (lang: Lang, href: string) => (e: MouseEvent) => {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    saveLang(lang);
    setOpen("none");
    const section =
      /^#[A-Za-z][\w-]*$/.test(window.location.hash) && !/^#(lang|site)-menu$/.test(window.location.hash)
        ? window.location.hash
        : "";
    // The query string goes along (campaign parameters, the calculator's figures), then the section.
    window.location.assign(href + window.location.search + section);
  };

  const languageLinks = (className: string) =>
    props.languages.map((l) => (
      <li key={l.lang}>
        <a
          className={className}
          href={l.href}
          hrefLang={l.htmlLang}
          lang={l.htmlLang}
          aria-current={l.lang === props.current ? "true" : undefined}
          onClick={choose(l.lang, l.href)}
        >
          <Flag lang={l.lang} />
          <span>{l.name}</span>
        </a>
      </li>
    ));

  return (
    <header className="site-header">
      <div className="container header-bar">
        <a className="logo" href={props.homeHref ?? "#top"} aria-label={props.homeLabel}>
          <LogoMark />
          <span className="logo-text" aria-hidden="true">
            {props.brand}
          </span>
        </a>

        <nav className="nav-desktop" aria-label={props.navLabel}>
          <ul>
            {props.nav.map((n) => (
              <li key={n.href}>
                <a href={n.href}>{n.label}</a>
              </li>
            ))}
          </ul>
        </nav>

        <div className="header-actions">
          <div className={`lang-switch${open === "lang" ? " is-open" : ""}`} ref={langBox}>
            <a ref={langButton} className="lang-toggle" {...toggleProps("lang", "lang-menu")}>
              <Flag lang={props.current} />
              <span className="visually-hidden">{props.languageLabel}: </span>
              <span lang={currentInfo.htmlLang}>{currentInfo.name}</span>
              <svg className="chevron" width="12" height="12" viewBox="0 0 12 12" aria-hidden="true" focusable="false">
                <path d="M2.5 4.5 6 8l3.5-3.5" fill="none" stroke="currentColor" strokeWidth="1.6" />
              </svg>
            </a>
            <ul className="lang-menu" id="lang-menu" aria-label={props.languageListLabel}>
              {languageLinks("lang-option")}
            </ul>
          </div>
          <a className="btn btn-ghost header-signin" href={props.signIn.href}>
            {props.signIn.label}
          </a>
          <a className="btn btn-primary header-signup" href={props.signUp.href}>
            {props.signUp.label}
          </a>
          <a ref={menuButton} className="menu-toggle" {...toggleProps("menu", "site-menu")}>
            <svg width="22" height="22" viewBox="0 0 22 22" aria-hidden="true" focusable="false">
              <path
                d={open === "menu" ? "M5 5l12 12M17 5 5 17" : "M3 6h16M3 11h16M3 16h16"}
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
              />
            </svg>
            <span>{props.menuLabel}</span>
          </a>
        </div>
      </div>

      <div className={`mobile-menu${open === "menu" ? " is-open" : ""}`} id="site-menu" ref={menuBox}>
        <nav aria-label={props.navLabel}>
          <ul className="mobile-nav">
            {props.nav.map((n) => (
              <li key={n.href}>
                <a href={n.href} onClick={() => setOpen("none")}>
                  {n.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <ul className="mobile-langs" aria-label={props.languageListLabel}>
          {languageLinks("flag-button")}
        </ul>
        <div className="mobile-actions">
          <a className="btn btn-ghost" href={props.signIn.href}>
            {props.signIn.label}
          </a>
          <a className="btn btn-primary" href={props.signUp.href}>
            {props.signUp.label}
          </a>
        </div>
      </div>
    </header>
  );
}
