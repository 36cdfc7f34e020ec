/**
 * Where "talk to sales" goes (decision 022, so an enterprise lead reaches a person): with
 * SALES_WHATSAPP, a wa.me chat with a message in the page's language naming the plan; without it,
 * an e-mail to CONTACT_EMAIL with a subject in that language. Never the application's sign-up.
 */
import type { Lang } from "../shared/languages";
import type { PageSettings } from "./site";
import { t } from "./catalogue";

const whatsapp = (number: string, text: string) => `https://wa.me/${number}?text=${encodeURIComponent(text)}`;

/** The Enterprise button and the calculator's Enterprise result. */
export function salesHref(config: PageSettings, lang: Lang, plan: string): string {
  const args = { plan, brand: config.brandName };
  return config.salesWhatsapp
    ? whatsapp(config.salesWhatsapp, t(lang, "sales.message", args))
    : `mailto:${config.contactEmail}?subject=${encodeURIComponent(t(lang, "sales.subject", args))}`;
}

/** The footer's "talk to us on WhatsApp" link; null without SALES_WHATSAPP. */
export function whatsappHref(config: PageSettings, lang: Lang): string | null {
  return config.salesWhatsapp
    ? whatsapp(config.salesWhatsapp, t(lang, "sales.messageGeneral", { brand: config.brandName }))
    : null;
}
