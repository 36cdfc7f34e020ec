/**
 * "Talk to sales" (decisions 022, 056, 069). On the pages, every sales link is the same-origin
 * redirect `/sales?page=<path>[&v=<variant>][&plan=<id>|&link=footer]` (src/shared/sales.ts): the
 * same for every visitor, so pages stay cached. Following it records a lead and the server sends the
 * visitor on to the target built here: with SALES_WHATSAPP, a wa.me chat with a message in the
 * page's language (naming the plan, the segment, or neither); without it, an e-mail to CONTACT_EMAIL
 * with a subject in that language. The message ends with a blank line and `ref: <reference> #<code>`
 * (the subject with ` | ref: …`), `<reference>` the page's source (`ODO-implante`, `SITE` for the
 * landing page) and `<code>` the lead's, when it was recorded. Never the application's sign-up.
 */
import type { Lang } from "../shared/languages";
import type { PlanId } from "../shared/plans";
import { FOOTER_LINK, SALES_PARAMS, SALES_PATH } from "../shared/sales";
import type { PageSettings } from "./site";
import { t } from "./catalogue";
import { HOME_REF, sourceFromRef, sourceRef, type Source } from "./source";
import { segmentPath, type SegmentKey } from "./segments";
import { landingHref } from "../shared/languages";

const whatsapp = (number: string, text: string) => `https://wa.me/${number}?text=${encodeURIComponent(text)}`;
const mailto = (email: string, subject: string) => `mailto:${email}?subject=${encodeURIComponent(subject)}`;

/** The reference as the message carries it: the page's, `SITE` for the clean landing page, then ` #CODE`. */
const refText = (ref: string, code: string | null) => `ref: ${ref}${code === null ? "" : ` #${code}`}`;
export const refLine = (ref: string, code: string | null = null) => `\n\n${refText(ref, code)}`;
export const refSubject = (ref: string, code: string | null = null) => ` | ${refText(ref, code)}`;

/** The path of the page a source names, in a language. */
export const sourcePath = (lang: Lang, source: Source) =>
  source.page === "home" ? landingHref(lang) : segmentPath(lang, source.page);

/** What a sales link asks for: a plan (the Enterprise buttons), the footer's general link, or the page's own. */
export type SalesLinkKind = { plan: PlanId } | { footer: true } | { page: true };

/**
 * The same-origin sales link of a page, from its language and reference (`ref` null: the clean
 * landing page). Paths are ASCII slugs, written as they are; the variant is a catalogue code.
 */
export function salesLink(lang: Lang, ref: string | null, kind: SalesLinkKind, xa: string | null = null): string {
  const source = sourceFromRef(ref) ?? { page: "home", variant: null };
  const p = SALES_PARAMS;
  let href = `${SALES_PATH}?${p.page}=${sourcePath(lang, source)}`;
  if (source.variant !== null) href += `&${p.variant}=${encodeURIComponent(source.variant)}`;
  if ("plan" in kind) href += `&${p.plan}=${kind.plan}`;
  if ("footer" in kind) href += `&${p.link}=${FOOTER_LINK}`;
  // An experiment's arm (issue 37): the token only, the reference stays the page's own.
  if (xa !== null) href += `&${p.arm}=${xa}`;
  return href;
}

/** The Enterprise button and the calculator's Enterprise result; `ref` from the page's source. */
export function salesHref(
  _config: PageSettings,
  lang: Lang,
  plan: PlanId,
  ref: string | null = null,
  xa: string | null = null,
): string {
  return salesLink(lang, ref, { plan }, xa);
}

/** The footer's "talk to us on WhatsApp" link; null without SALES_WHATSAPP. */
export function whatsappHref(
  config: PageSettings,
  lang: Lang,
  ref: string | null = null,
  xa: string | null = null,
): string | null {
  return config.salesWhatsapp ? salesLink(lang, ref, { footer: true }, xa) : null;
}

/** A segment page's "talk to sales" call-to-action beside the start button. */
export function segmentSalesHref(lang: Lang, ref: string, xa: string | null = null): string {
  return salesLink(lang, ref, { page: true }, xa);
}

/** What the visitor's message is about: a plan (its name), a segment, or neither. */
export type SalesMessage = { plan: string } | { segment: SegmentKey } | { general: true };

/**
 * Where the redirect sends the visitor: wa.me with the message, or (without SALES_WHATSAPP) a
 * mailto with the subject; both end with the reference and, when the lead was recorded, its code.
 * Only catalogue text, the configured number or address, a known reference and the code.
 */
export function salesTarget(
  config: PageSettings,
  lang: Lang,
  message: SalesMessage,
  source: Source,
  code: string | null,
): string {
  const ref = sourceRef(source) ?? HOME_REF;
  const brand = config.brandName;
  if (config.salesWhatsapp) {
    const text =
      "plan" in message
        ? t(lang, "sales.message", { plan: message.plan, brand })
        : "segment" in message
          ? t(lang, "source.whatsappMessage", { segment: t(lang, `industries.${message.segment}`), brand })
          : t(lang, "sales.messageGeneral", { brand });
    return whatsapp(config.salesWhatsapp, text + refLine(ref, code));
  }
  const subject =
    "plan" in message
      ? t(lang, "sales.subject", { plan: message.plan, brand }) + refSubject(ref, code)
      : "segment" in message
        ? t(lang, "source.emailSubject", { segment: t(lang, `industries.${message.segment}`), brand }) +
          refSubject(ref, code)
        : refText(ref, code);
  return mailto(config.contactEmail, subject);
}
