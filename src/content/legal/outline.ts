/**
 * The shape of a legal document as content (decision 050): what src/pages/Legal.tsx renders, built
 * by privacy.ts and terms.ts from the page settings alone, without React, so that what the page says
 * for each configuration is a value a unit test can read.
 *
 * A document is sections (h2, with an id for the table of contents and for links such as
 * `/privacy#direitos`), optional subsections (h3) and blocks of catalogue keys (locales/legal.pt.json).
 * The ids are Portuguese, like the pages, and are part of the public URL: keep them stable.
 */
import type { Args } from "../catalogue";

/** One entry of a definition list: a catalogue key, configured plain text, or an e-mail address (a mailto link). */
export type Fact = { label: string } & ({ key: string; args?: Args } | { value: string } | { email: string });

export type Block =
  /** A paragraph: the key's message with the document's args (and the block's own), then an optional link. */
  { text: string; args?: Args; link?: { href: string; label: string } } | { list: string[] } | { facts: Fact[] };

export interface Part {
  id: string;
  title: string;
  blocks: Block[];
  parts?: Part[];
}

export interface LegalOutline {
  /** `privacy` or `terms`: the catalogue's `<doc>.title`. */
  doc: "privacy" | "terms";
  /** The paragraph under the date. */
  intro: string;
  /** Values every message of the document may use. */
  args: Args;
  parts: Part[];
}
