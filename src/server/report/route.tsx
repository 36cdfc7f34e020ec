/**
 * `GET /leads` and `GET /leads.csv` (issue 31 item 5, decision 072): the marketer's report behind
 * HTTP Basic authentication (any user name, the password LEADS_REPORT_PASSWORD, compared in
 * constant time; not configured: no route, the site's 404). Never cached anywhere (`private,
 * no-store`), never indexed (`noindex` header and meta), never in the sitemap (not in the route
 * table). A bad query is a 400 naming the field; a database that does not answer, a 503 with
 * Retry-After; any other error is a bug, left to the site's error page (500, logged).
 */
import { createHash } from "node:crypto";
import type { RequestHandler } from "express";
import { renderToString } from "react-dom/server";
import { reportText } from "../../content/catalogue";
import { csvCell } from "../leads/csv";
import { dimensionsOf, totalOf, type ReportRow } from "../ledger/report";
import { StoreUnavailableError, type Ledger } from "../ledger/types";
import { requirePassword } from "../middleware/basicAuth";
import { cspHeaderFor } from "../security";
import { parseReportQuery, type ReportQuery } from "./range";
import { ReportPage } from "./ReportPage";

export const REPORT_PATH = "/leads";
export const REPORT_CSV_PATH = "/leads.csv";

const STYLE = [
  "body{font:16px/1.5 system-ui,sans-serif;margin:0 auto;max-width:72rem;padding:1rem;color:#111}",
  "table{border-collapse:collapse;margin:1rem 0}th,td{border:1px solid #ccc;padding:.25rem .5rem;text-align:left}",
  "td{font-variant-numeric:tabular-nums}fieldset{display:flex;flex-wrap:wrap;gap:1rem;align-items:end}",
  "svg{max-width:100%;height:auto}.chart-label,.chart-value{font:12px system-ui,sans-serif;fill:#111}",
  ".bar-leads{fill:#1f6feb}.bar-qualified{fill:#bf8700}.bar-won{fill:#1a7f37}",
].join("");
const CSP = cspHeaderFor({
  script: [],
  style: [`'sha256-${createHash("sha256").update(STYLE).digest("base64")}'`],
});

const PRIVATE = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex, nofollow" };

function document(body: string): string {
  return (
    '<!doctype html><html lang="pt-BR"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width,initial-scale=1">' +
    '<meta name="robots" content="noindex, nofollow">' +
    `<title>${reportText("report.title")}</title><style>${STYLE}</style></head><body>${body}</body></html>`
  );
}

/** The table as CSV: the grouping's columns, leads, qualified, won, then one value column per currency. */
export function reportCsv(rows: readonly ReportRow[], query: ReportQuery): string {
  const dims = dimensionsOf(query.by);
  const currencies = [...new Set(rows.flatMap((row) => Object.keys(row.value)))].sort();
  const header = [...dims, "leads", "qualified", "won", ...currencies.map((c) => `value_${c}`)];
  const line = (row: ReportRow, key: string[]) =>
    [...key, row.leads, row.qualified, row.won, ...currencies.map((c) => row.value[c]?.toFixed(2) ?? "")]
      .map(csvCell)
      .join(",");
  const lines = [header.map(csvCell).join(",")];
  for (const row of rows)
    lines.push(
      line(
        row,
        dims.map((d) => row.key[d] ?? ""),
      ),
    );
  lines.push(
    line(
      totalOf(rows),
      dims.map((_, i) => (i === 0 ? reportText("report.total") : "")),
    ),
  );
  return lines.join("\r\n") + "\r\n";
}

const queryOf = (url: string) => {
  const at = url.indexOf("?");
  return at < 0 ? "" : url.slice(at + 1);
};

/** The two routes' handlers, or null when LEADS_REPORT_PASSWORD or the store is missing. */
export function leadReportRoutes(
  password: string | null,
  store: Ledger | undefined,
  timeZone: string,
  now: () => Date,
): { page: RequestHandler[]; csv: RequestHandler[] } | null {
  if (!password || !store) return null;
  const auth = requirePassword(password, "XIA leads");

  const handler =
    (format: "html" | "csv"): RequestHandler =>
    async (req, res, next) => {
      const raw = queryOf(req.originalUrl);
      const query = parseReportQuery(raw, now(), timeZone);
      res.set(PRIVATE);
      if ("field" in query) {
        const key = query.field === "by" ? "report.error.by" : "report.error.range";
        res
          .status(400)
          .type("text/plain; charset=utf-8")
          .send(`${reportText(key, { field: query.field })}\n`);
        return;
      }
      try {
        // The entry's ledger opens in the background (decision 067): until then it rejects with
        // StoreUnavailableError, answered 503 below.
        const rows = await store.report(query.from, query.to, query.by);
        if (format === "csv" || req.accepts(["text/html", "text/csv"]) === "text/csv") {
          res
            .status(200)
            .set("Content-Disposition", `attachment; filename="leads-${query.fromDay}-${query.toDay}.csv"`)
            .type("text/csv; charset=utf-8")
            .send(reportCsv(rows, query));
          return;
        }
        const [deliveries, dead] = await Promise.all([store.deliveryStats(), store.deadLetters()]);
        const csvHref = `${REPORT_CSV_PATH}?${new URLSearchParams({ from: query.fromDay, to: query.toDay, by: query.by })}`;
        const body = renderToString(
          <ReportPage
            query={query}
            rows={rows}
            deliveries={deliveries}
            dead={dead}
            timeZone={timeZone}
            csvHref={csvHref}
          />,
        );
        res.status(200).set("Content-Security-Policy", CSP).type("text/html; charset=utf-8").send(document(body));
      } catch (error) {
        if (!(error instanceof StoreUnavailableError)) return next(error);
        res
          .status(503)
          .set("Retry-After", "60")
          .type("text/plain; charset=utf-8")
          .send(`${reportText("report.error.unavailable")}\n`);
      }
    };
  return { page: [auth, handler("html")], csv: [auth, handler("csv")] };
}
