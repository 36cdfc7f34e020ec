/**
 * The segment route table (issue 25): the one place a segment is added. Each of the 18 industries
 * the landing page lists gets a page per language at `segmentPath(lang, key)`:
 * `/segmentos/<slug>` (pt), `/en/industries/<slug>`, `/es/segmentos/<slug>`. Everything else (the
 * landing grid's links, the routes, the sitemap, hreflang, redirects, tests) is derived from this
 * table. The copy is in `locales/segments/<lang>.json` under `seg.<key>.…` (docs/copy.md).
 *
 * Structure here, words in the catalogues:
 * - `ref`: the segment's short code in the source reference carried to WhatsApp, e-mail and the
 *   application (`ref: ODO`, `ODO-<variant>`; decision 056).
 * - `slugs`: the page's path segment in each language, in that language's own words, lowercase
 *   ASCII and hyphenated (no accents).
 * - `formerSlugs`: slugs a page had before, per language: each answers a 301 to the page's path
 *   (its URLs are in live ads and links; decision 064). A slug is never changed without its old
 *   one added here; `tests/http/live-segment-urls.test.ts` holds every URL ever published.
 * - `icon`: the tile's icon on the landing grid and the page's eyebrow.
 * - `chat`: the shape of the hero phone's sample chat; its texts are `seg.<key>.chat.*`:
 *   `first` the customer's first message (`voice`: a voice note with its transcript, `text`),
 *   `reply` the AI's answer, `lead` the customer's answer, `qualified` the event line, `offer` the
 *   AI's offer (`slots`: with `slot1`/`slot2`; `file`: with a `file` name, a document the AI sends;
 *   `text`: plain), `pick` the customer's choice, `done` the AI's closing (neither when `end` is
 *   `handover`), `note` the closing event line, drawn with `noteIcon`.
 * - `blocks`: the "how it works for you" blocks, each tied to one product feature
 *   (`seg.<key>.block.<feature>.title|text`), three or four.
 * - `faqs`: the segment's own questions (`seg.<key>.faq.<id>.q|a`), two or more, shown before the
 *   general ones; `dataFaq`, on sensitive-data pages, the one that also says where conversations go.
 */
import type { IconId } from "./icons";
import type { FeatureKey } from "./features";
import type { Lang } from "../shared/languages";

export interface SegmentChat {
  first: "voice" | "text";
  offer: "slots" | "file" | "text";
  noteIcon: IconId;
  /**
   * "handover": the chat ends with the AI's handover (the offer) and the event line, without the
   * customer's pick and the AI's closing: a support case, not a sale (issue 30: vary the shape).
   */
  end?: "handover";
}

export interface Segment {
  /** Short code naming the segment in the sales reference (`ref: ODO-implante`, decision 056): capitals, unique. */
  ref: string;
  slugs: Record<Lang, string>;
  /** Slugs this page had before, per language: each 301s to the current path (decision 064). */
  formerSlugs?: Partial<Record<Lang, readonly string[]>>;
  icon: IconId;
  chat: SegmentChat;
  blocks: readonly FeatureKey[];
  faqs: readonly string[];
  /**
   * On a page for a trade whose customers send sensitive data (health, law, accounting; issue 30):
   * the id of its question on who answers for that data, whose answer ends with the sentence on AI
   * model providers (`segment.aiProviders`), linked to the privacy page.
   */
  dataFaq?: string;
}

/** The path prefix of the segment pages in each language (before `/<slug>`). */
export const SEGMENT_BASE: Record<Lang, string> = {
  pt: "/segmentos",
  en: "/en/industries",
  es: "/es/segmentos",
};

export const SEGMENTS = {
  odontology: {
    ref: "ODO",
    slugs: { pt: "odontologia", en: "dental-clinics", es: "odontologia" },
    icon: "dental",
    chat: { first: "voice", offer: "slots", noteIcon: "calendarCheck" },
    blocks: ["schedule", "ai_audio", "follow_up", "lead_qualification"],
    faqs: ["records", "emergencies"],
    dataFaq: "records",
  },
  vehicles: {
    ref: "AUTO",
    slugs: { pt: "concessionarias", en: "car-dealerships", es: "concesionarias" },
    icon: "car",
    chat: { first: "text", offer: "slots", noteIcon: "calendarCheck" },
    blocks: ["lead_qualification", "ai_image", "schedule", "follow_up"],
    faqs: ["tradeIn", "sellers"],
  },
  aesthetics: {
    ref: "EST",
    slugs: { pt: "estetica", en: "beauty-clinics", es: "estetica" },
    icon: "sparkles",
    chat: { first: "voice", offer: "slots", noteIcon: "calendarCheck" },
    blocks: ["ai_image", "schedule", "proactive_engagement"],
    faqs: ["prices", "photos"],
    dataFaq: "photos",
  },
  commerce: {
    ref: "COM",
    slugs: { pt: "comercio", en: "retail", es: "comercio" },
    icon: "store",
    chat: { first: "text", offer: "file", noteIcon: "trendingUp" },
    blocks: ["flows_files", "real_time_sales", "contacts_management"],
    faqs: ["catalog", "stock"],
  },
  isp: {
    ref: "ISP",
    slugs: { pt: "provedores-de-internet", en: "internet-providers", es: "proveedores-de-internet" },
    icon: "wifi",
    chat: { first: "voice", offer: "text", noteIcon: "userCheck", end: "handover" },
    blocks: ["ai_audio", "multi_whatsapp", "conversation_history", "lead_qualification"],
    faqs: ["outage", "billing"],
  },
  medical: {
    ref: "MED",
    slugs: { pt: "clinicas-medicas", en: "medical-clinics", es: "clinicas-medicas" },
    icon: "stethoscope",
    chat: { first: "text", offer: "slots", noteIcon: "calendarCheck" },
    blocks: ["schedule", "ai_pdf", "delay_window"],
    faqs: ["diagnosis", "sensitiveData"],
    dataFaq: "sensitiveData",
  },
  education: {
    ref: "EDU",
    slugs: { pt: "educacao", en: "schools-and-training-centers", es: "educacion" },
    icon: "school",
    chat: { first: "text", offer: "file", noteIcon: "repeat" },
    blocks: ["flows_files", "follow_up", "lead_qualification"],
    faqs: ["enrolment", "semester"],
  },
  delivery: {
    ref: "DEL",
    slugs: { pt: "delivery", en: "food-delivery", es: "delivery" },
    icon: "delivery",
    chat: { first: "voice", offer: "text", noteIcon: "checks" },
    blocks: ["ai_audio", "real_time_sales", "proactive_engagement"],
    faqs: ["menu", "rush"],
  },
  tourism: {
    ref: "TUR",
    slugs: { pt: "turismo", en: "travel-agencies", es: "turismo" },
    icon: "plane",
    chat: { first: "text", offer: "file", noteIcon: "repeat" },
    blocks: ["flows_files", "follow_up", "ai_image"],
    faqs: ["quotes", "season"],
  },
  industry: {
    ref: "IND",
    slugs: { pt: "industria", en: "manufacturers", es: "industria" },
    icon: "factory",
    chat: { first: "text", offer: "file", noteIcon: "userCheck" },
    blocks: ["ai_pdf", "lead_qualification", "contacts_management"],
    faqs: ["distributors", "technical"],
  },
  accounting: {
    ref: "CONT",
    slugs: { pt: "contabilidade", en: "accounting-firms", es: "contabilidad" },
    icon: "calculator",
    chat: { first: "text", offer: "text", noteIcon: "paperclip" },
    blocks: ["ai_pdf", "flows_files", "delay_window"],
    faqs: ["advice", "documents"],
    dataFaq: "documents",
  },
  law: {
    ref: "ADV",
    slugs: { pt: "advocacia", en: "law-firms", es: "abogados" },
    formerSlugs: { es: ["estudios-juridicos"] },
    icon: "scale",
    chat: { first: "voice", offer: "slots", noteIcon: "calendarCheck" },
    blocks: ["lead_qualification", "schedule", "conversation_history"],
    faqs: ["legalAdvice", "confidentiality"],
    dataFaq: "confidentiality",
  },
  bars_restaurants: {
    ref: "BAR",
    slugs: { pt: "bares-e-restaurantes", en: "bars-and-restaurants", es: "bares-y-restaurantes" },
    icon: "kitchen",
    chat: { first: "text", offer: "slots", noteIcon: "calendarCheck" },
    blocks: ["schedule", "ai_image", "proactive_engagement"],
    faqs: ["groups", "hours"],
  },
  iphone_store: {
    ref: "IPH",
    slugs: { pt: "lojas-de-iphone", en: "iphone-stores", es: "tiendas-de-iphone" },
    icon: "smartphone",
    chat: { first: "text", offer: "text", noteIcon: "trendingUp" },
    blocks: ["ai_image", "real_time_sales", "follow_up"],
    faqs: ["usedPhones", "prices"],
  },
  real_estate: {
    ref: "IMOB",
    slugs: { pt: "imobiliarias", en: "real-estate-agencies", es: "inmobiliarias" },
    icon: "estate",
    chat: { first: "voice", offer: "slots", noteIcon: "calendarCheck" },
    blocks: ["lead_qualification", "flows_files", "schedule", "multi_whatsapp"],
    faqs: ["listings", "brokers"],
  },
  gym: {
    ref: "ACAD",
    slugs: { pt: "academias", en: "gyms", es: "gimnasios" },
    icon: "barbell",
    chat: { first: "text", offer: "slots", noteIcon: "calendarCheck" },
    blocks: ["schedule", "follow_up", "proactive_engagement"],
    faqs: ["trial", "members"],
  },
  fashion: {
    ref: "MODA",
    slugs: { pt: "moda", en: "fashion-stores", es: "moda" },
    icon: "hanger",
    chat: { first: "text", offer: "file", noteIcon: "trendingUp" },
    blocks: ["ai_image", "flows_files", "real_time_sales"],
    faqs: ["sizes", "exchanges"],
  },
  consultancy: {
    ref: "CONS",
    slugs: { pt: "consultoria", en: "consulting-firms", es: "consultoria" },
    icon: "briefcase",
    chat: { first: "text", offer: "slots", noteIcon: "calendarCheck" },
    blocks: ["lead_qualification", "schedule", "reports_dashboards"],
    faqs: ["fit", "proposal"],
  },
} as const satisfies Record<string, Segment>;

export type SegmentKey = keyof typeof SEGMENTS;
/** The segments in the landing grid's order. */
export const SEGMENT_KEYS = Object.keys(SEGMENTS) as SegmentKey[];

export function isSegmentKey(value: unknown): value is SegmentKey {
  return typeof value === "string" && Object.hasOwn(SEGMENTS, value);
}

/** The path of a segment's page in a language, e.g. `/en/industries/dental-clinics`. */
export function segmentPath(lang: Lang, key: SegmentKey): string {
  return `${SEGMENT_BASE[lang]}/${SEGMENTS[key].slugs[lang]}`;
}
