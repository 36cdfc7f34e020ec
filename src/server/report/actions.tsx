/**
 * The report's two forms (issue 36 items 3 and 6, decision 095), behind the report password and
 * the form token (csrf.ts): `POST /leads/spend` imports a platform's spend file (multipart, the same
 * checks as `PUT /api/spend`), `POST /leads/retry` puts every failed delivery back in the queue.
 * Success is a 303 back to the report; a refused file is a 400 page naming the line and column.
 */
import express, { type RequestHandler } from "express";
import { renderToString } from "react-dom/server";
import { reportText as r } from "../../content/catalogue";
import { StoreUnavailableError, type Ledger } from "../ledger/types";
import { requirePassword } from "../middleware/basicAuth";
import { failureLimit, type FailureLimit } from "../middleware/failedAuth";
import { importBody, SPEND_BODY_LIMIT } from "../spend/api";
import { csrfOk } from "./csrf";
import { leadsExport } from "./export";
import { readMultipart } from "./multipart";
import { REPORT_CSP, reportDocument } from "./style";

export const SPEND_FORM_PATH = "/leads/spend";
export const RETRY_PATH = "/leads/retry";
const PRIVATE = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex, nofollow" };

function Message({ title, text }: { title: string; text: string }) {
  return (
    <main>
      <h1>{title}</h1>
      <p>{text}</p>
      <p>
        <a href="/leads">{r("report.back")}</a>
      </p>
    </main>
  );
}

const page = (res: express.Response, status: number, title: string, text: string) =>
  res
    .status(status)
    .set(PRIVATE)
    .set("Content-Security-Policy", REPORT_CSP)
    .type("text/html; charset=utf-8")
    .send(reportDocument(renderToString(<Message title={title} text={text} />)));

export function reportActions(
  password: string | null,
  store: Ledger | undefined,
  now: () => Date,
  timeZone = "America/Sao_Paulo",
  limit: FailureLimit = failureLimit(),
): { spend: RequestHandler[]; retry: RequestHandler[]; export: RequestHandler[] } | null {
  if (!password || !store) return null;
  const auth = requirePassword(password, "XIA leads", limit);
  const raw = express.raw({ limit: SPEND_BODY_LIMIT, type: () => true });
  const form = express.urlencoded({ extended: false, limit: "2kb", parameterLimit: 4 });
  const forbidden = (res: express.Response) => page(res, 403, r("report.csrf.title"), r("report.csrf.text"));

  const spend: RequestHandler = async (req, res, next) => {
    const fields = readMultipart(req.get("content-type"), Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0));
    if (!fields) return page(res, 400, r("report.spend.refused"), r("report.spend.form.bad"));
    if (!csrfOk(req, fields.get("csrf")?.toString("utf8"), password)) return forbidden(res);
    try {
      const result = await importBody(store, fields.get("source")?.toString("utf8"), fields.get("file"));
      if (result.status === 400) return page(res, 400, r("report.spend.refused"), result.body.error);
      if (result.status === 503)
        return page(res.set("Retry-After", "60"), 503, r("report.spend.refused"), r("report.error.unavailable"));
      const { from, to } = result.body as { from: string | null; to: string | null };
      res
        .set(PRIVATE)
        .redirect(
          303,
          `/leads?${new URLSearchParams({ ...(from && to ? { from, to, by: "campaign" } : {}), imported: result.body.source })}`,
        );
    } catch (error) {
      next(error);
    }
  };

  const retry: RequestHandler = async (req, res, next) => {
    const given = typeof req.body?.csrf === "string" ? req.body.csrf : undefined;
    if (!csrfOk(req, given, password)) return forbidden(res);
    try {
      await store.retryFailed(now());
      res.set(PRIVATE).redirect(303, "/leads#deliveries");
    } catch (error) {
      if (!(error instanceof StoreUnavailableError)) return next(error);
      page(res.set("Retry-After", "60"), 503, r("report.deliveries.title"), r("report.error.unavailable"));
    }
  };
  return { spend: [auth, raw, spend], retry: [auth, form, retry], export: [auth, leadsExport(store, timeZone, now)] };
}
