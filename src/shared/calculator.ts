/**
 * The plan calculator's rules: messages per month = leads × messages per lead; credits needed =
 * messages × 10; the recommended plan is the smallest whose monthly credits cover that, Enterprise
 * above the largest. Whole numbers only, leads 1–1,000,000, messages per lead 1–1,000; before the
 * visitor types, the placeholder example (500 × 5 → 25,000 credits → Pro); decision 003 for empty
 * and invalid fields. Pure, shared by the server (no-JavaScript GET form) and the calculator island
 * (live updates).
 */
import { CREDITS_PER_MESSAGE, PLANS, type PlanId } from "./plans";

export const LIMITS = {
  leads: { min: 1, max: 1_000_000, placeholder: 500 },
  interactions: { min: 1, max: 1_000, placeholder: 5 },
} as const;
export type Field = keyof typeof LIMITS;

export type FieldResult = { ok: true; value: number } | { ok: false };

/** A field is valid when it is a whole number (digits only, surrounding spaces allowed) within its range. */
export function parseField(field: Field, raw: unknown): FieldResult {
  if (typeof raw !== "string") return { ok: false };
  const text = raw.trim();
  if (!/^\d{1,8}$/.test(text)) return { ok: false };
  const value = Number(text);
  const { min, max } = LIMITS[field];
  return value >= min && value <= max ? { ok: true, value } : { ok: false };
}

export interface Recommendation {
  messages: number;
  credits: number;
  plan: PlanId;
}

/** Smallest plan whose monthly credits cover the need; above the largest, Enterprise. */
export function recommend(leads: number, interactions: number): Recommendation {
  const messages = leads * interactions;
  const credits = messages * CREDITS_PER_MESSAGE;
  const plan = PLANS.find((p) => p.credits !== null && p.credits >= credits)?.id ?? "enterprise";
  return { messages, credits, plan };
}

export interface CalculatorState {
  errors: { leads: boolean; interactions: boolean };
  /** null when a field is invalid: no recommendation is shown then. */
  result: Recommendation | null;
  /** True when both fields are empty and the placeholder example (500 × 5) is shown. */
  example: boolean;
}

const isBlank = (raw: unknown) => raw === undefined || (typeof raw === "string" && raw.trim() === "");

/**
 * From the raw inputs (query values or what the visitor typed) to what the calculator shows.
 * An empty field stands for its placeholder (500 leads, 5 interactions), so a visitor who has
 * typed only one number already sees a result; anything else that is not valid is an error.
 */
export function calculate(leadsRaw: unknown, interactionsRaw: unknown): CalculatorState {
  const read = (field: Field, raw: unknown): FieldResult =>
    isBlank(raw) ? { ok: true, value: LIMITS[field].placeholder } : parseField(field, raw);
  const leads = read("leads", leadsRaw);
  const interactions = read("interactions", interactionsRaw);
  return {
    errors: { leads: !leads.ok, interactions: !interactions.ok },
    result: leads.ok && interactions.ok ? recommend(leads.value, interactions.value) : null,
    example: isBlank(leadsRaw) && isBlank(interactionsRaw),
  };
}

/** The calculator's two query parameters as received: absent, given once, or null when repeated. */
export type CalculatorQuery = { leads?: string | null; interactions?: string | null };

/**
 * What the server may show back in the fields: valid values as typed, empty as empty, and an
 * invalid value as null (the field is shown empty with its message; input is never echoed).
 */
export function sanitizeQuery(q: CalculatorQuery): CalculatorQuery {
  const clean = (field: Field, raw: string | null | undefined) =>
    raw === undefined ? undefined : isBlank(raw) ? "" : parseField(field, raw).ok ? raw!.trim() : null;
  return { leads: clean("leads", q.leads), interactions: clean("interactions", q.interactions) };
}

const numberFormats = new Map<string, Intl.NumberFormat>();

/**
 * A count as the page shows it in `locale` (`8,638`, `8.638`). One formatter per locale, made on
 * first use and kept: building an Intl.NumberFormat costs far more than formatting with it (on the
 * server it was the largest cost of a calculator answer, decision 040). The server and the island
 * share it, so the hydrated calculator shows the same text the server sent.
 */
export function formatCount(locale: string, n: number): string {
  let format = numberFormats.get(locale);
  if (!format) numberFormats.set(locale, (format = new Intl.NumberFormat(locale)));
  return format.format(n);
}

/** The result's two counts as the page shows them, or null when there is no result. */
export interface Figures {
  messages: string;
  credits: string;
}

export function figuresOf(locale: string, state: CalculatorState): Figures | null {
  return state.result
    ? { messages: formatCount(locale, state.result.messages), credits: formatCount(locale, state.result.credits) }
    : null;
}
