/**
 * `GET /leads/export.csv?from=&to=` (issue 36 item 7, decision 093's CSV rules): every lead of the
 * period, one row each, with the report password (the marketer needs no API token): its code, time,
 * page and campaign fields, segment, variant, plan, and outcomes with their values. Never a click
 * identifier or the advertising consent. Days in TIME_ZONE; every time with its offset; a BOM,
 * `?excel=br` for `;`. At most 50,000 leads (a wider period is asked in parts: 400).
 */
import type { RequestHandler } from "express";
import { reportText } from "../../content/catalogue";
import { StoreUnavailableError, type Ledger, type LeadEvent, type LeadWithEvents } from "../ledger/types";
import { csvWriter, type CsvStyle } from "./csv";
import { isoLocal } from "./format";
import { readReportRequest } from "./range";
import { rawQueryOf } from "../request";

export const EXPORT_LIMIT = 50_000;
const COLUMNS = [
  "code",
  "created_at",
  "lang",
  "page",
  "segment",
  "variant",
  "plan",
  "utm_source",
  "utm_medium",
  "utm_campaign",
  "utm_term",
  "utm_content",
  "qualified_at",
  "won_at",
  "won_value",
  "won_currency",
  "lost_at",
] as const;

export function leadsExportCsv(leads: readonly LeadWithEvents[], timeZone: string, style: CsvStyle): string {
  const { num, line, file } = csvWriter(style);
  const time = (at: Date | undefined) => (at ? isoLocal(at, timeZone) : null);
  const lines = [line([...COLUMNS])];
  for (const lead of leads) {
    const event = (type: LeadEvent["type"]) => lead.events.find((e) => e.type === type);
    const won = event("won");
    lines.push(
      line([
        lead.code,
        time(lead.createdAt),
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
        time(event("qualified")?.at),
        time(won?.at),
        won?.value === null || won?.value === undefined ? null : num(won.value),
        won?.currency ?? null,
        time(event("lost")?.at),
      ]),
    );
  }
  return file(lines);
}

export function leadsExport(store: Ledger, timeZone: string, now: () => Date): RequestHandler {
  return async (req, res, next) => {
    // The one query reader (request.ts, decision 058), at most 1 KiB of it read.
    const { query, excel } = readReportRequest(rawQueryOf(req) ?? "", now(), timeZone);
    res.set({ "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex, nofollow" });
    if ("field" in query || (excel !== null && excel !== "br")) {
      const field = "field" in query ? query.field : "excel";
      const key =
        field === "excel"
          ? "report.error.excel"
          : ["from", "to"].includes(field)
            ? "report.error.range"
            : "report.error.filter";
      res
        .status(400)
        .type("text/plain; charset=utf-8")
        .send(`${reportText(key, { field })}\n`);
      return;
    }
    try {
      const leads = await store.exportLeads(query.from, query.to, EXPORT_LIMIT + 1);
      if (leads.length > EXPORT_LIMIT) {
        res
          .status(400)
          .type("text/plain; charset=utf-8")
          .send(`${reportText("report.error.tooMany", { max: EXPORT_LIMIT })}\n`);
        return;
      }
      res
        .status(200)
        .set("Content-Disposition", `attachment; filename="leads-${query.fromDay}-${query.toDay}.csv"`)
        .type("text/csv; charset=utf-8")
        .send(leadsExportCsv(leads, timeZone, excel ? "br" : "plain"));
    } catch (error) {
      if (!(error instanceof StoreUnavailableError)) return next(error);
      res
        .status(503)
        .set("Retry-After", "60")
        .type("text/plain; charset=utf-8")
        .send(`${reportText("report.error.unavailable")}\n`);
    }
  };
}
