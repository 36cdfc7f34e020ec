/**
 * `GET /api/conversions/google.csv` (decision 078): Google Ads' offline click conversions, fetched
 * by Google Ads itself on its schedule (Data Manager's HTTPS source, or a scheduled upload), with
 * HTTP Basic authentication: any user name, the password GOOGLE_ADS_FILE_PASSWORD (its own, decision
 * 090; failures throttled per client). Not configured (no
 * password, no conversion name, no store): no route, the site's 404. Never cached anywhere
 * (`private, no-store`); a wrong password is a 401 that says nothing else; a database that does
 * not answer is a 503 with Retry-After (Google fetches again).
 */
import type { RequestHandler } from "express";
import { StoreUnavailableError, type LeadStore, type Ledger } from "../ledger/types";
import { requirePassword } from "../middleware/basicAuth";
import { GOOGLE_WINDOW_MS, googleConversionsCsv } from "../outbox/googleCsv";
import type { ConversionSettings } from "../outbox/settings";

export const GOOGLE_CSV_PATH = "/api/conversions/google.csv";
/** At most this many leads of the last 90 days are read (the oldest first): far beyond this site's volume. */
const MAX_LEADS = 100_000;

/** The route's handlers, or null when the file is not configured (the path stays a 404). */
export function googleConversionsFile(
  settings: ConversionSettings,
  store: (LeadStore & Partial<Pick<Ledger, "spend">>) | undefined,
  timeZone: string,
  now: () => Date,
): RequestHandler[] | null {
  const { googleAds } = settings;
  if (!googleAds || !store) return null;
  const send: RequestHandler = async (_req, res, next) => {
    const at = now();
    try {
      const leads = await store.exportLeads(new Date(at.getTime() - GOOGLE_WINDOW_MS), at, MAX_LEADS);
      const csv = googleConversionsCsv(leads, googleAds, timeZone, at);
      // The report shows when Google last fetched and how many rows it got (issue 36 item 6); a
      // failure to note it never fails the file.
      store.spend?.recordGoogleFetch(at, csv.split("\r\n").length - 2).catch(() => {});
      res
        .status(200)
        .set({
          "Content-Type": "text/csv; charset=utf-8",
          "Cache-Control": "private, no-store",
          "Content-Disposition": 'attachment; filename="google-conversions.csv"',
          "X-Robots-Tag": "noindex",
        })
        .send(csv);
    } catch (error) {
      if (!(error instanceof StoreUnavailableError)) return next(error);
      res
        .status(503)
        .set({ "Retry-After": "60", "Cache-Control": "private, no-store", "Content-Type": "text/plain; charset=utf-8" })
        .send("The conversions are not available right now; try again in a minute\n");
    }
  };
  return [requirePassword(googleAds.password, "XIA conversions"), send];
}
