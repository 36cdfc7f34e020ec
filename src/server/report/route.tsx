/**
 * `GET /leads` and `GET /leads.csv` (decisions 072, 092, 093): the marketer's report behind HTTP
 * Basic authentication (any user name, the password LEADS_REPORT_PASSWORD, compared in constant
 * time; not configured: no route, the site's 404). Never cached anywhere (`private, no-store`),
 * never indexed (`noindex` header and meta), never in the sitemap (not in the route table). A bad
 * query is a 400 naming the field; a database that does not answer, a 503.
 */
import { TZDate } from "@date-fns/tz";
import { format as formatDate } from "date-fns";
import type { RequestHandler } from "express";
import { renderToString } from "react-dom/server";
import { reportText } from "../../content/catalogue";
import type { Experiment } from "../experiments/settings";
import { StoreUnavailableError, type Ledger } from "../ledger/types";
import { requirePassword } from "../middleware/basicAuth";
import { failureLimit, type FailureLimit } from "../middleware/failedAuth";
import { rawQueryOf } from "../request";
import { RETRY_PATH, SPEND_FORM_PATH } from "./actions";
import { capped } from "./cap";
import { breakdownCsv } from "./csv";
import { csrfToken } from "./csrf";
import { Deliveries } from "./Deliveries";
import { loadExperiments } from "./experiments";
import { Experiments } from "./ExperimentsSection";
import { href, paramsOf } from "./links";
import { loadReport } from "./load";
import { valueLabel } from "./model";
import { readReportRequest } from "./range";
import { ReportPage } from "./ReportPage";
import { sortByMetric } from "./sort";
import { SpendForm } from "./SpendForm";
import { REPORT_CSP, reportDocument } from "./style";

export const REPORT_PATH = "/leads";
export const REPORT_CSV_PATH = "/leads.csv";
export const EXPORT_PATH = "/leads/export.csv";

export const PRIVATE = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex, nofollow" };

/** The report's 400: the field's name, never its value. */
export function badField(field: string): string {
  const key = ["by", "excel", "sort"].includes(field)
    ? `report.error.${field}`
    : ["from", "to"].includes(field)
      ? "report.error.range"
      : "report.error.filter";
  return `${reportText(key, { field })}\n`;
}

/** The two routes' handlers, or null when LEADS_REPORT_PASSWORD or the store is missing. */
export function leadReportRoutes(
  password: string | null,
  store: Ledger | undefined,
  timeZone: string,
  now: () => Date,
  googleConfigured = false,
  limit: FailureLimit = failureLimit(),
  experiments: readonly Experiment[] = [],
): { page: RequestHandler[]; csv: RequestHandler[] } | null {
  if (!password || !store) return null;
  const auth = requirePassword(password, "XIA leads", limit);

  const handler =
    (format: "html" | "csv"): RequestHandler =>
    async (req, res, next) => {
      // The one query reader (decision 058), at most 1 KiB of it read; `imported`: after an import
      // through the form, which platform's cost was imported (a notice; nothing echoed).
      const { query: asked, excel, imported } = readReportRequest(rawQueryOf(req) ?? "", now(), timeZone);
      res.set(PRIVATE);
      if ("field" in asked || (excel !== null && excel !== "br")) {
        res
          .status(400)
          .type("text/plain; charset=utf-8")
          .send(badField("field" in asked ? asked.field : "excel"));
        return;
      }
      // A time bucket paired with another level covers at most its last days (decision 129).
      const { query, cut } = capped(asked, timeZone);
      try {
        // The entry's ledger opens in the background (decision 067): until then it rejects with
        // StoreUnavailableError, answered 503 below.
        const data = await loadReport(store, query, timeZone);
        const label = (d: Parameters<typeof valueLabel>[0], row: { key: Record<string, string | null | undefined> }) =>
          valueLabel(d, row.key[d], data.names);
        if (format === "csv" || req.accepts(["text/html", "text/csv"]) === "text/csv") {
          const last = cut ? `-${reportText("report.cut.file", { days: cut.days })}` : "";
          const name = `leads-${query.by.join("-")}-${query.fromDay}-${query.toDay}${last}.csv`;
          res
            .status(200)
            .set("Content-Disposition", `attachment; filename="${name}"`)
            .type("text/csv; charset=utf-8")
            .send(
              breakdownCsv(
                query.sort ? sortByMetric(data.rows, query.sort) : data.rows,
                data.total,
                query.by,
                label,
                reportText("report.total"),
                excel ? "br" : "plain",
              ),
            );
          return;
        }
        const [deliveries, dead, googleFetch, phases] = await Promise.all([
          store.deliveryStats(),
          store.deadLetters(),
          store.spend.lastGoogleFetch(),
          experiments.length > 0 ? loadExperiments(experiments, store, timeZone, now()) : [],
        ]);
        const csrf = csrfToken(password);
        const body = renderToString(
          <ReportPage
            path={REPORT_PATH}
            query={query}
            cut={cut}
            {...data}
            timeZone={timeZone}
            notice={
              imported === "google" || imported === "meta"
                ? reportText("report.spend.imported", { source: reportText(`report.spend.${imported}`) })
                : undefined
            }
            today={formatDate(new TZDate(now(), timeZone), "yyyy-MM-dd")}
            csvHref={href(REPORT_CSV_PATH, paramsOf(query))}
            exportHref={href(EXPORT_PATH, { from: query.fromDay, to: query.toDay })}
            sections={[
              <SpendForm key="spend" action={SPEND_FORM_PATH} csrf={csrf} />,
              <Deliveries
                key="deliveries"
                deliveries={deliveries}
                dead={dead}
                timeZone={timeZone}
                retry={{ action: RETRY_PATH, csrf }}
                googleFetch={googleFetch}
                googleConfigured={googleConfigured}
              />,
              ...(experiments.length > 0 ? [<Experiments key="experiments" phases={phases} />] : []),
            ]}
          />,
        );
        res
          .status(200)
          .set("Content-Security-Policy", REPORT_CSP)
          .type("text/html; charset=utf-8")
          .send(reportDocument(body));
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
