/** How the report writes numbers, money and times (pt-BR; decision 092): shared by the page and its charts. */
import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import type { Money } from "./model";

const moneyFormats = new Map<string, Intl.NumberFormat>();
export function moneyText(currency: string, amount: number): string {
  let f = moneyFormats.get(currency);
  if (!f) moneyFormats.set(currency, (f = new Intl.NumberFormat("pt-BR", { style: "currency", currency })));
  return f.format(amount);
}

/** Amounts per currency, never converted: `R$ 2.000,00 + US$ 50,00`; empty when none. */
export const money = (value: Money): string =>
  Object.entries(value)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, amount]) => moneyText(currency, amount))
    .join(" + ");

const PERCENT = new Intl.NumberFormat("pt-BR", { style: "percent", maximumFractionDigits: 1 });
const NUMBER = new Intl.NumberFormat("pt-BR", { maximumFractionDigits: 2 });
export const DASH = "—";
export const percent = (x: number | null): string => (x === null ? DASH : PERCENT.format(x));
export const count = (n: number): string => NUMBER.format(n);

const DAY = new Intl.DateTimeFormat("pt-BR", { day: "2-digit", month: "2-digit", year: "numeric", timeZone: "UTC" });
/** A day (`YYYY-MM-DD`, already in TIME_ZONE) as the page writes it: `26/11/2026`. */
export const dayText = (day: string): string => DAY.format(new Date(`${day}T00:00:00Z`));

/** ROAS per currency: `2,5× (BRL)`. */
export const times = (value: Record<string, number>): string =>
  Object.entries(value)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, x]) => `${NUMBER.format(x)}× (${currency})`)
    .join(" + ");

/** A time in the zone with its offset: `26/11/2026 09:00 (-03:00)`. */
export const localTime = (at: Date, timeZone: string): string =>
  format(new TZDate(at, timeZone), "dd/MM/yyyy HH:mm (xxx)");

/** A time in the zone for a file: ISO 8601 with its offset, `2026-11-26T09:00:00-03:00`. */
export const isoLocal = (at: Date, timeZone: string): string =>
  format(new TZDate(at, timeZone), "yyyy-MM-dd'T'HH:mm:ssxxx");
