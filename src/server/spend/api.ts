/**
 * `PUT /api/spend?source=google|meta` (issue 36 item 3, decision 093): a scheduled Google Ads
 * Script or a cron posts the platform's daily report as the body, with `Authorization: Bearer
 * <LEADS_API_TOKEN>`. The file replaces the days it covers for that source (idempotent); a file
 * refused names the line and column and stores nothing. Only with LEADS_API_TOKEN (404 without).
 * A row of the one route table (routes/endpoints.ts): a wrong method is a JSON 405 with `Allow`.
 */
import express, { type RequestHandler, type Response } from "express";
import { queryOf } from "../request";
import { single } from "../../shared/query";
import type { Endpoint } from "../routes/endpoint";
import { StoreUnavailableError, type Ledger } from "../ledger/types";
import { spendErrorText } from "./messages";
import { parseSpend, SPEND_SOURCES, type SpendSource } from "./parse";

export const SPEND_API_PATH = "/api/spend";
/** Read up to this much, so a file over 5 MB is told so (400), not cut off; more is a 413. */
export const SPEND_BODY_LIMIT = 12 * 1024 * 1024;

const answer = (res: Response, status: number, body: unknown) =>
  res.status(status).set("Cache-Control", "private, no-store").json(body);

/** Parses and imports a body for a source; answers 200, 400 or 503. */
export async function importBody(store: Ledger | undefined, source: string | undefined, body: unknown) {
  if (!source || !(SPEND_SOURCES as readonly string[]).includes(source))
    return { status: 400, body: { error: "source: google or meta" } } as const;
  const file = Buffer.isBuffer(body) ? body : Buffer.alloc(0);
  const parsed = parseSpend(source as SpendSource, file);
  if ("error" in parsed)
    return { status: 400, body: { error: spendErrorText(parsed.error), ...parsed.error } } as const;
  if (!store) return { status: 503, body: { error: "the database is unavailable" } } as const;
  try {
    const result = await store.spend.import(source as SpendSource, parsed.rows);
    return { status: 200, body: { source, ...result } } as const;
  } catch (error) {
    if (error instanceof StoreUnavailableError)
      return { status: 503, body: { error: "the database is unavailable" } } as const;
    throw error;
  }
}

/** `PUT /api/spend`, a row of the one route table (decision 110), behind `auth` (LEADS_API_TOKEN). */
export function spendApiEndpoint(options: { auth: RequestHandler; store?: Ledger }): Endpoint {
  const raw = express.raw({ limit: SPEND_BODY_LIMIT, type: () => true });
  const put: RequestHandler = async (req, res, next) => {
    try {
      // The one query reader (request.ts, decision 058): `source` given once, or it is not given.
      const source = single(queryOf(req), "source") ?? undefined;
      const { status, body } = await importBody(options.store, source, req.body);
      if (status === 503) res.set("Retry-After", "60");
      answer(res, status, body);
    } catch (error) {
      next(error);
    }
  };
  const refuse =
    (allow: string): RequestHandler =>
    (_req, res) =>
      answer(res.set("Allow", allow), 405, { error: "PUT only" });
  return { path: SPEND_API_PATH, methods: { put: [options.auth, raw, put] }, refuse };
}
