/**
 * Where "talk to sales" goes (decision 022, so an enterprise lead reaches a person): with
 * SALES_WHATSAPP, a wa.me chat with a message in the page's language naming the plan; without it,
 * an e-mail to CONTACT_EMAIL with a subject in that language. Never the application's sign-up.
 * On a page that carries a source (a segment page, a variant; src/content/source.ts) the message
 * ends with a blank line and `ref: <reference>` and the subject with ` | ref: <reference>`, for the
 * sales team's automation to read (decision 056).
 */
import type { Lang } from "../shared/languages";
import type { PageSettings } from "./site";
import { t } from "./catalogue";

const whatsapp = (number: string, text: string) => `https://wa.me/${number}?text=${encodeURIComponent(text)}`;
const mailto = (email: string, subject: string) => `mailto:${email}?subject=${encodeURIComponent(subject)}`;

/** The line a message ends with, and the tail of a subject, for a page's source reference. */
export const refLine = (ref: string | null) => (ref === null ? "" : `\n\nref: ${ref}`);
export const refSubject = (ref: string | null) => (ref === null ? "" : ` | ref: ${ref}`);

/** The Enterprise button and the calculator's Enterprise result; `ref` from the page's source. */
export function salesHref(config: PageSettings, lang: Lang, plan: string, ref: string | null = null): string {
  const args = { plan, brand: config.brandName };
  return config.salesWhatsapp
    ? whatsapp(config.salesWhatsapp, t(lang, "sales.message", args) + refLine(ref))
    : mailto(config.contactEmail, t(lang, "sales.subject", args) + refSubject(ref));
}

/** The footer's "talk to us on WhatsApp" link; null without SALES_WHATSAPP. */
export function whatsappHref(config: PageSettings, lang: Lang, ref: string | null = null): string | null {
  return config.salesWhatsapp
    ? whatsapp(config.salesWhatsapp, t(lang, "sales.messageGeneral", { brand: config.brandName }) + refLine(ref))
    : null;
}

/**
 * A segment page's "talk to sales" call-to-action beside the start button: WhatsApp with a message
 * naming the segment, or without SALES_WHATSAPP an e-mail whose subject names it; both end with the
 * reference. `segment` is the segment's name as the page shows it.
 */
export function segmentSalesHref(config: PageSettings, lang: Lang, segment: string, ref: string | null): string {
  const args = { segment, brand: config.brandName };
  return config.salesWhatsapp
    ? whatsapp(config.salesWhatsapp, t(lang, "source.whatsappMessage", args) + refLine(ref))
    : mailto(config.contactEmail, t(lang, "source.emailSubject", args) + refSubject(ref));
}
