/**
 * `GET /sales?page=…` (issue 31 items 1, 2, 7; decisions 069, 070): every "talk to sales" link. It
 * records a lead (the page, its variant and plan, the campaign fields, and the click identifiers the
 * client script added with the visitor's advertising consent, of the recipients that consent named) and answers `303` to wa.me (or
 * mailto:) with the message whose `ref:` line ends with ` #<code>`. The visitor never waits on the
 * database for long: the store commits within 200 ms (COMMIT_WAIT_MS) or not at all (decision 086);
 * slow, failing or absent, the redirect goes out with the plain `ref:` line, nothing is stored, and
 * the failure is logged (no personal data).
 * HEAD, prefetch, crawlers, anything but a top-level navigation, requests over the per-minute
 * budget or over one client's share of it are redirected unrecorded (guard.ts).
 */
import type { Request, RequestHandler } from "express";
import type { Config } from "../config";
import { clientKey } from "../clientKey";
import type { Logger } from "../logger";
import { httpError, queryOf } from "../request";
import { single } from "../../shared/query";
import { salesTarget } from "../../content/sales";
import { adRecipients, consentVersion } from "../../shared/measurement";
import { adConsent, hasUtm, namedClicks, readClicks, readSalesQuery, readUtm, refererQuery } from "./fields";
import { leadBudget, unrecorded } from "./guard";
import { LateCommitError, type LeadArm, type LeadStore, type NewLead } from "../ledger/types";
import { leadArmFor } from "../experiments/assign";
import { dayOf } from "../../content/dates";
import { SALES_PARAMS } from "../../shared/sales";

/** How long the redirect waits for the commit; with the rest of the request, within 300 ms. */
export const COMMIT_WAIT_MS = 200;
/** How much longer than that a store that never answers is given (the visitor is at WhatsApp within 300 ms). */
const STORE_GRACE_MS = 50;
/** A code as the store makes them (no 0/O/1/I/L): anything else never reaches the Location. */
const CODE = /^[A-HJKMNP-Z2-9]{6,16}$/;

export interface SalesRedirectOptions {
  config: Config;
  store?: LeadStore;
  logger?: Logger;
  now: () => Date;
  /** How long the redirect waits for the commit (default COMMIT_WAIT_MS). */
  commitWaitMs?: number;
}

/** The origins a same-origin Referer may have: SITE_URL's and the one the request was made to. */
const originsOf = (req: Request, siteUrl: string) => [new URL(siteUrl).origin, `${req.protocol}://${req.get("host")}`];

/** Waits for the store's commit at most `waitMs`; the code, or null (logged) when it is late or fails. */
async function record(
  store: LeadStore,
  lead: NewLead,
  at: Date,
  waitMs: number,
  logger?: Logger,
  arm: LeadArm | null = null,
): Promise<string | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  // The store decides at `waitMs` (its commit, or none: decision 086); this only bounds a store that
  // does not answer at all.
  const late = new Promise<"late">((resolve) => (timer = setTimeout(() => resolve("late"), waitMs + STORE_GRACE_MS)));
  const write = store.createLead(lead, at, waitMs, arm).then(
    (code) => (typeof code === "string" && CODE.test(code) ? code : "bad-code"),
    (error: unknown) => {
      if (error instanceof LateCommitError) return "late" as const;
      const e = error as { name?: unknown; code?: unknown };
      // The name and the driver's code only: a message may quote a value.
      logger?.warn("lead not recorded", {
        reason: "store error",
        error: `${String(e?.name)} ${String(e?.code ?? "")}`.trim(),
      });
      return "failed" as const;
    },
  );
  const outcome = await Promise.race([write, late]);
  clearTimeout(timer);
  if (outcome === "late") logger?.warn("lead not recorded in time", { waitedMs: waitMs });
  if (outcome === "bad-code") logger?.warn("lead not recorded", { reason: "store returned no valid code" });
  return outcome === "late" || outcome === "failed" || outcome === "bad-code" ? null : outcome;
}

export function salesRedirect({
  config,
  store,
  logger,
  now,
  commitWaitMs = COMMIT_WAIT_MS,
}: SalesRedirectOptions): RequestHandler {
  const budget = leadBudget(config.leads.perMinute, () => now().getTime(), logger);
  // Whose click identifiers the advertising consent covers (decision 079): the others are dropped.
  const recipients = adRecipients(config.page.measurement, config.page.conversions);
  // The version a choice that accepted advertising carries (decision 089): without it, no click id.
  const version = consentVersion(config.page.measurement, config.page.conversions);
  return async (req, res, next) => {
    // The query read once (decision 058: repeats kept, so that a repeated name counts as absent).
    const params = queryOf(req);
    const sales = readSalesQuery(params);
    if (!sales) return next(httpError(400, "Bad Request"));
    let code: string | null = null;
    if (store && unrecorded(req) === null && budget.take(clientKey(req))) {
      const at = now();
      const own = readUtm(params);
      const referer = hasUtm(own) ? null : refererQuery(req.get("referer"), originsOf(req, config.page.siteUrl));
      const lead: NewLead = {
        lang: sales.lang,
        path: sales.path,
        segment: sales.source.page === "home" ? null : sales.source.page,
        variant: sales.source.variant,
        plan: sales.plan?.id ?? null,
        utm: referer ? readUtm(referer) : own,
        clicks: adConsent(params, version) ? namedClicks(readClicks(params, at), recipients) : null,
      };
      // An experiment's arm (issue 37): stored on the lead only, never in the message or any payload.
      const token = single(params, SALES_PARAMS.arm) ?? null;
      const where = { lang: sales.lang, page: sales.source.page, day: dayOf(at, config.page.timeZone).today.iso };
      const arm = leadArmFor(config.experiments, where, token);
      code = await record(store, lead, at, commitWaitMs, logger, arm);
    }
    res.status(303);
    res.setHeader("Location", salesTarget(config.page, sales.lang, sales.message, sales.source, code));
    res.setHeader("Cache-Control", "private, no-store");
    res.setHeader("X-Robots-Tag", "noindex");
    res.setHeader("Content-Length", "0");
    res.end();
  };
}
