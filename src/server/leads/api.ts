/**
 * The outcomes API (issue 31 item 4, decision 066), for the sales inbox or a CRM, mounted only with
 * LEADS_API_TOKEN set (without it these paths are the site's 404):
 * - `POST /api/leads/<code>/events` {type, value?, currency?, at?}: 201 recorded, 200 the same
 *   event again (the first one kept and answered), 404 unknown code, 400 naming the field;
 *   with `"correct": true` a won/lost replaces the lead's outcome (200; 409 with none; decision 105);
 * - `GET /api/leads?from=&to=` (JSON, or CSV with `Accept: text/csv` or `/api/leads.csv`);
 * - `DELETE /api/leads/<code>`: 204, or 404.
 * Every call needs `Authorization: Bearer <token>` (401 otherwise, compared in constant time).
 * Answers are JSON, `private, no-store`; never a page of the page cache. Its endpoints are rows of
 * the one route table (routes/endpoints.ts, decision 110): other spellings of its GET paths are a
 * 301, a wrong method a JSON 405 with `Allow`, the query read by the one reader (decision 058).
 */
import { createHash, timingSafeEqual } from "node:crypto";
import express, { type RequestHandler, type Response } from "express";
import type { Logger } from "../logger";
import { queryOf } from "../request";
import type { FailureLimit } from "../middleware/failedAuth";
import type { Endpoint } from "../routes/endpoint";
import { readLeadCode } from "./code";
import { leadsCsv } from "./csv";
import { parseOutcome, parseRange } from "./api-input";
import type { Ledger } from "../ledger/store";
import { StoreUnavailableError, type LeadEvent, type LeadWithEvents } from "../ledger/types";

export const API_PATH = "/api/leads";
export const API_CSV_PATH = `${API_PATH}.csv`;
/** Rows one export may hold: a wider range must be asked in parts. */
export const EXPORT_LIMIT = 50_000;

function answer(res: Response, status: number, body?: unknown) {
  res.status(status).setHeader("Cache-Control", "private, no-store");
  if (body === undefined) res.end();
  else res.json(body);
}

const fail = (res: Response, status: number, error: string) => answer(res, status, { error });

const digest = (text: string) => createHash("sha256").update(text).digest();

/** 401 unless `Authorization: Bearer <token>`; hashes first, so lengths never short-circuit the comparison. */
export function bearer(token: string, limit: FailureLimit): RequestHandler {
  const expected = digest(token);
  return (req, res, next) => {
    // A client over its failed tokens (decision 090): 429 with Retry-After, the right token included.
    const wait = limit.wait(req);
    if (wait > 0) {
      res.setHeader("Retry-After", String(wait));
      return fail(res, 429, "too many failed attempts; try again later");
    }
    const given = /^Bearer +(\S+) *$/i.exec(req.get("authorization") ?? "")?.[1] ?? "";
    if (timingSafeEqual(digest(given), expected) && given.length > 0) return void (limit.succeeded(req), next());
    limit.failed(req);
    res.setHeader("WWW-Authenticate", 'Bearer realm="leads"');
    fail(res, 401, "a valid Authorization: Bearer token is required");
  };
}

const eventJson = (e: LeadEvent) => ({ type: e.type, value: e.value, currency: e.currency, at: e.at.toISOString() });
const leadJson = (lead: LeadWithEvents) => ({
  ...lead,
  createdAt: lead.createdAt.toISOString(),
  clicks: lead.clicks && { ...lead.clicks, fbclidAt: lead.clicks.fbclidAt?.toISOString() ?? null },
  events: lead.events.map(eventJson),
});

/** The API's answer to a method an endpoint does not have: JSON, with the endpoint's `Allow`. */
export const jsonNotAllowed =
  (allow: string): RequestHandler =>
  (_req, res) => {
    res.setHeader("Allow", allow);
    fail(res, 405, `method not allowed (allowed: ${allow})`);
  };

/** The outcomes API's endpoints, each behind `auth` (the bearer check of LEADS_API_TOKEN). */
export function leadsApiEndpoints(options: {
  auth: RequestHandler;
  store?: Ledger;
  now: () => Date;
  logger?: Logger;
  /** TIME_ZONE: a `from`/`to` day is a day there (decision 091). */
  timeZone?: string;
}): Endpoint[] {
  const { auth, store, now, logger } = options;
  // A small JSON body, whatever the Content-Type says; bad JSON or too big is answered here.
  const parse = express.json({ limit: "4kb", strict: true, type: () => true });
  const json: RequestHandler = (req, res, next) =>
    parse(req, res, (err?: { type?: string; status?: number }) => {
      if (!err) return next();
      if (err.type === "entity.too.large") return fail(res, 413, "body: at most 4 KB of JSON");
      if (err.status && err.status < 500) return fail(res, 400, "body: not valid JSON");
      logger?.error("leads api failed", err);
      fail(res, 500, "internal error");
    });
  const withStore =
    (work: (s: Ledger, ...args: Parameters<RequestHandler>) => Promise<void>): RequestHandler =>
    async (req, res, next) => {
      if (!store) return fail(res, 503, "the lead store is not available");
      try {
        await work(store, req, res, next);
      } catch (error) {
        logger?.error("leads api failed", error instanceof StoreUnavailableError ? error.message : error);
        fail(res, 503, "the lead store is not available; try again later");
      }
    };

  const record = withStore(async (s, req, res) => {
    const code = readLeadCode(String(req.params.code));
    if (!code) return fail(res, 404, "no lead with this code");
    const parsed = parseOutcome(req.body, now());
    if ("error" in parsed) return fail(res, 400, parsed.error);
    const result = await s.recordEvent(code, parsed.event, parsed.correct);
    if (result === "not-found") return fail(res, 404, "no lead with this code");
    if (result === "before-creation")
      return fail(res, 400, "at: must not be before the lead was created (see createdAt in the export)");
    if (result === "contradicts")
      return fail(res, 409, `type: this lead already has the other outcome (won and lost exclude each other)`);
    if (result === "no-outcome")
      return fail(res, 409, "correct: this lead has no outcome (won or lost) to correct; send it without correct");
    const stored = result === "recorded" ? parsed.event : await s.findEvent(code, parsed.event.type);
    answer(res, result === "recorded" ? 201 : 200, { code, result, event: eventJson(stored ?? parsed.event) });
  });

  const exportLeads = (csv: boolean) =>
    withStore(async (s, req, res) => {
      const range = parseRange(queryOf(req), now(), options.timeZone);
      if ("error" in range) return fail(res, 400, range.error);
      const leads = await s.exportLeads(range.from, range.to, EXPORT_LIMIT + 1);
      if (leads.length > EXPORT_LIMIT)
        return fail(res, 422, `more than ${EXPORT_LIMIT} leads in this range: ask for a shorter one (from, to)`);
      if (csv || req.accepts(["application/json", "text/csv"]) === "text/csv") {
        res.setHeader("Content-Disposition", 'attachment; filename="leads.csv"');
        res.status(200).setHeader("Cache-Control", "private, no-store");
        res.type("text/csv; charset=utf-8").send(leadsCsv(leads));
        return;
      }
      answer(res, 200, { from: range.from.toISOString(), to: range.to.toISOString(), leads: leads.map(leadJson) });
    });

  const erase = withStore(async (s, req, res) => {
    const code = readLeadCode(String(req.params.code));
    if (!code || !(await s.deleteLead(code))) return fail(res, 404, "no lead with this code");
    answer(res, 204);
  });

  const row = (path: string, methods: Endpoint["methods"]): Endpoint => ({ path, methods, refuse: jsonNotAllowed });
  return [
    row(API_PATH, { get: [auth, exportLeads(false)] }),
    row(API_CSV_PATH, { get: [auth, exportLeads(true)] }),
    row(`${API_PATH}/:code/events`, { post: [auth, json, record] }),
    row(`${API_PATH}/:code`, { delete: [auth, erase] }),
  ];
}
