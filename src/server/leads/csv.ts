/**
 * The leads export as CSV (RFC 4180, one row per lead, its outcomes as columns), safe to open in a
 * spreadsheet: every cell quoted, and a cell that starts with = + - @, a tab or a carriage return
 * (a formula to Excel, LibreOffice and Sheets) gets a leading apostrophe.
 */
import type { LeadEvent, LeadWithEvents } from "../ledger/types";

export const CSV_COLUMNS = [
  "code",
  "created_at",
  "lang",
  "path",
  "segment",
  "variant",
  "plan",
  "utm_source",
  "utm_medium",
  "utm_campaign",
  "utm_term",
  "utm_content",
  "ad_consent",
  "gclid",
  "gbraid",
  "wbraid",
  "fbclid",
  "fbclid_at",
  "qualified_at",
  "won_at",
  "won_value",
  "won_currency",
  "lost_at",
] as const;

export function csvCell(value: string | number | null): string {
  let text = value === null ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replaceAll('"', '""')}"`;
}

export function leadsCsv(leads: readonly LeadWithEvents[]): string {
  const lines = [CSV_COLUMNS.join(",")];
  for (const lead of leads) {
    const event = (type: LeadEvent["type"]) => lead.events.find((e) => e.type === type);
    const won = event("won");
    const c = lead.clicks;
    const row = [
      lead.code,
      lead.createdAt.toISOString(),
      lead.lang,
      lead.path,
      lead.segment,
      lead.variant,
      lead.plan,
      lead.utm.source,
      lead.utm.medium,
      lead.utm.campaign,
      lead.utm.term,
      lead.utm.content,
      c ? "yes" : "no",
      c?.gclid ?? null,
      c?.gbraid ?? null,
      c?.wbraid ?? null,
      c?.fbclid ?? null,
      c?.fbclidAt?.toISOString() ?? null,
      event("qualified")?.at.toISOString() ?? null,
      won?.at.toISOString() ?? null,
      won?.value ?? null,
      won?.currency ?? null,
      event("lost")?.at.toISOString() ?? null,
    ];
    lines.push(row.map(csvCell).join(","));
  }
  return lines.join("\r\n") + "\r\n";
}
