/**
 * Tests read a page as a visitor does (decision 053): the HTML is parsed once, with happy-dom, and
 * queried with Testing Library by role, accessible name, heading, link target or text. Class names
 * and ids only where nothing else identifies the element.
 *
 * What a parsed page is: the markup as the server sent it, scripts not run, stylesheets not applied
 * (the `<style>` elements are taken out after parsing): a page is read at no particular width, so
 * what CSS hides at one width is not "hidden" here; `hidden` and `aria-hidden` are. How it looks is
 * the browser tests' job (tests/e2e/). Byte-level tests (goldens, ETags, splices, headers) read the
 * bytes, not this.
 *
 * A parsed page is kept for its HTML (the same bytes parse once per worker): never change it.
 */
import { configure, getQueriesForElement, within, type BoundFunctions, type queries } from "@testing-library/dom";
import { Window } from "happy-dom";

// A failed query names what it looked for; the whole page printed after it, and every role on it
// (seconds to compute on a landing page), help nobody.
configure({
  getElementError: (message) => Object.assign(new Error(message ?? ""), { name: "TestingLibraryElementError" }),
  _disableExpensiveErrorDiagnostics: true,
} as Parameters<typeof configure>[0]);

const window = new Window({
  settings: {
    disableJavaScriptEvaluation: true,
    disableJavaScriptFileLoading: true,
    disableCSSFileLoading: true,
    disableIframePageLoading: true,
    navigation: {
      disableMainFrameNavigation: true,
      disableChildFrameNavigation: true,
      disableChildPageNavigation: true,
    },
  },
});

export type Queries = BoundFunctions<typeof queries>;

export interface Page extends Queries {
  document: Document;
  /** The document's `<title>`. */
  title: string;
  /** `<html lang>`. */
  lang: string;
  /** The body's text as a visitor reads it (see {@link textOf}). */
  text: string;
  /** Every link (`<a href>`) in the body whose target is exactly `href`, in document order. */
  linksTo(href: string): HTMLAnchorElement[];
  /** The targets of the links whose accessible name is exactly `name`, in document order. */
  hrefsNamed(name: string): string[];
  /** `content` of each `<meta name=…>` or `<meta property=…>` with this key, in document order. */
  meta(key: string): string[];
  /** `<link rel=…>` elements in the head with this `rel`. */
  headLinks(rel: string): HTMLLinkElement[];
}

/**
 * Elements whose text runs on into their neighbours': inline emphasis. Every other element keeps its
 * text apart, as the stylesheets (not applied here) lay most of them out: a figure's label and its
 * value in two spans are two words.
 */
const RUNS_ON = new Set(["B", "EM", "STRONG"]);
const UNREAD = new Set(["SCRIPT", "STYLE", "TEMPLATE", "NOSCRIPT"]);

/**
 * The text of a node as a visitor reads it: scripts and styles left out, each element's text apart
 * from its neighbours' (a space between two list items), inline emphasis running on
 * ("<strong>R$ 197</strong>/mês" reads "R$ 197/mês"), white space and no-break spaces as one space.
 */
export function textOf(node: Node): string {
  const parts: string[] = [];
  const walk = (n: Node) => {
    if (n.nodeType === 3) parts.push(n.nodeValue ?? "");
    else if (n.nodeType === 1 || n.nodeType === 9 || n.nodeType === 11) {
      const name = (n as Element).tagName?.toUpperCase() ?? "";
      if (UNREAD.has(name)) return;
      const block = n.nodeType === 1 && !RUNS_ON.has(name);
      if (block) parts.push(" ");
      for (const child of n.childNodes) walk(child);
      if (block) parts.push(" ");
    }
  };
  walk(node);
  return parts
    .join("")
    .replace(/[\s\u00a0]+/g, " ")
    .trim();
}

/** Every link (`<a href>`) under `container` whose target is exactly `href`, in document order. */
export const linksTo = (container: ParentNode, href: string): HTMLAnchorElement[] =>
  [...container.querySelectorAll<HTMLAnchorElement>("a[href]")].filter((a) => a.getAttribute("href") === href);

/** Testing Library's queries bound to an element, e.g. a section found by its heading. */
export const queriesIn = (element: HTMLElement): Queries => within(element);

const parsed = new Map<string, Page>();

/** The page this HTML is, parsed once and queried as a visitor reads it. */
export function parsePage(html: string): Page {
  const kept = parsed.get(html);
  if (kept) return kept;
  const document = new window.DOMParser().parseFromString(html, "text/html") as unknown as Document;
  for (const style of document.querySelectorAll("style")) style.remove();
  const body = document.body;
  const page: Page = {
    ...getQueriesForElement(body),
    document,
    title: document.title,
    lang: document.documentElement.getAttribute("lang") ?? "",
    get text() {
      return textOf(body);
    },
    linksTo: (href) => linksTo(body, href),
    hrefsNamed: (name) =>
      within(body)
        .queryAllByRole("link", { name })
        .map((a) => a.getAttribute("href")!),
    meta: (key) =>
      [...document.head.querySelectorAll("meta")]
        .filter((m) => m.getAttribute("name") === key || m.getAttribute("property") === key)
        .map((m) => m.getAttribute("content") ?? ""),
    headLinks: (rel) => [...document.head.querySelectorAll<HTMLLinkElement>("link")].filter((l) => l.rel === rel),
  };
  if (parsed.size >= 64) parsed.delete(parsed.keys().next().value!);
  parsed.set(html, page);
  return page;
}

/**
 * The part of the page a heading opens: the `<section>` it labels (role region, named by the
 * heading). Fails when the heading labels no section.
 */
export function sectionOf(heading: HTMLElement): HTMLElement {
  const section = heading.closest("section");
  if (!section || section.getAttribute("aria-labelledby") !== heading.id)
    throw new Error(`the heading "${textOf(heading)}" labels no <section>`);
  return section as HTMLElement;
}
