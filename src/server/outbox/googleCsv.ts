/**
 * Google Ads' offline click conversions as a file (decision 078), in the import template's columns:
 * `Google Click ID,GBRAID,WBRAID,Conversion Name,Conversion Time,Conversion Value,Conversion Currency`,
 * exactly one click id per row. The header is the first line (Data Manager's HTTPS source wants it
 * there, so there is no `Parameters:TimeZone` row): each time carries its offset instead, in
 * TIME_ZONE (`2026-11-26 07:46:42-03:00`). Rows only for leads with advertising consent and a Google
 * click, for the events whose conversion name is configured, inside Google's 90-day import window.
 * Nothing a spreadsheet would run (decision 090): a click id that does not start with a letter or
 * digit gives no row, any other cell that starts like a formula is defused.
 */
import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import type { Lead, LeadEvent } from "../ledger/types";
import { DAY_MS } from "./destination";
import type { GoogleAdsSettings } from "./settings";

export const GOOGLE_HEADER =
  "Google Click ID,GBRAID,WBRAID,Conversion Name,Conversion Time,Conversion Value,Conversion Currency";
/** Google imports conversions up to 90 days after the click; the lead is made at or after the click. */
export const GOOGLE_WINDOW_MS = 90 * DAY_MS;
/** A click id as Google writes them: starting with a letter or digit (`-2-3-A1` would be a formula). */
const CLICK_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,511}$/;

export const googleTime = (at: Date, timeZone: string) => format(new TZDate(at, timeZone), "yyyy-MM-dd HH:mm:ssxxx");

/**
 * A cell, quoted when it must be, and defused when a spreadsheet would read it as a formula
 * (`=`, `+`, `-`, `@`, tab, CR first: OWASP's CSV injection rule): a `'` before it. Click ids that
 * start so are refused above; this guards the rest (a conversion name, anything added later).
 */
const cell = (raw: string) => {
  const value = /^[=+\-@\t\r]/.test(raw) ? `'${raw}` : raw;
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
};

/** The rows of one lead's event, or none: the click ids in Google's order, the first present wins. */
function row(lead: Lead, event: LeadEvent, settings: GoogleAdsSettings, timeZone: string): string | null {
  const name = event.type === "qualified" ? settings.qualified : event.type === "won" ? settings.won : null;
  const clicks = lead.clicks;
  if (!name || !clicks) return null;
  const ids = [clicks.gclid, clicks.gbraid, clicks.wbraid];
  const at = ids.findIndex((id) => id !== null && CLICK_ID.test(id));
  if (at < 0) return null;
  const columns = ids.map((id, i) => (i === at ? id! : ""));
  const won = event.type === "won" && event.value !== null && event.currency !== null;
  columns.push(name, googleTime(event.at, timeZone), won ? event.value!.toFixed(2) : "", won ? event.currency! : "");
  return columns.map(cell).join(",");
}

export function googleConversionsCsv(
  leads: Array<Lead & { events: LeadEvent[] }>,
  settings: GoogleAdsSettings,
  timeZone: string,
  now: Date,
): string {
  const since = now.getTime() - GOOGLE_WINDOW_MS;
  const lines = [GOOGLE_HEADER];
  for (const lead of leads) {
    if (lead.createdAt.getTime() < since) continue;
    for (const event of lead.events) {
      const line = event.at.getTime() <= now.getTime() ? row(lead, event, settings, timeZone) : null;
      if (line) lines.push(line);
    }
  }
  return lines.join("\r\n") + "\r\n";
}
