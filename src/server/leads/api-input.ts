/**
 * What the outcomes API accepts (decision 066), checked field by field: the first problem is
 * answered as `400 {"error": "<field>: …"}`, naming the field and never echoing its value.
 */
import { TZDate } from "@date-fns/tz";
import { addDays } from "date-fns";
import { single, type Query } from "../../shared/query";
import { EXCLUSIVE, OUTCOME_TYPES, type Correction, type LeadEvent, type OutcomeType } from "../ledger/types";

const FIELDS = new Set(["type", "value", "currency", "at", "correct"]);
/** An outcome's value: a positive amount below a trillion (anything else is a typo or an attack). */
export const MAX_VALUE = 1e12;
const DAY_MS = 86_400_000;
/** At most this range per export. */
export const MAX_RANGE_DAYS = 366;
/** The ISO-8601 forms accepted for `at`, `from` and `to`: a date, or a date-time with its offset. */
const ISO = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2}))?$/;

type Result<T> = T | { error: string };

function parseTime(text: unknown): Date | null {
  if (typeof text !== "string" || !ISO.test(text)) return null;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? null : date;
}

export function parseOutcome(body: unknown, now: Date): Result<{ event: LeadEvent; correct?: Correction }> {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return { error: "body: must be a JSON object" };
  const input = body as Record<string, unknown>;
  // The field is not named back: an answer never echoes what the request sent.
  if (Object.keys(input).some((key) => !FIELDS.has(key)))
    return { error: "body: only the fields type, value, currency, at and correct are accepted" };
  if (!OUTCOME_TYPES.includes(input.type as OutcomeType))
    return { error: `type: must be one of ${OUTCOME_TYPES.join(", ")}` };
  const correct = input.correct ?? false;
  if (typeof correct !== "boolean") return { error: "correct: must be true or false" };
  if (correct && !EXCLUSIVE[input.type as OutcomeType])
    return { error: "correct: only an outcome (won or lost) is corrected" };
  const value = input.value ?? null;
  if (value !== null && (typeof value !== "number" || !Number.isFinite(value) || value < 0 || value > MAX_VALUE))
    return { error: `value: must be a number from 0 to ${MAX_VALUE}` };
  const currency = input.currency ?? null;
  if (currency !== null && (typeof currency !== "string" || !/^[A-Z]{3}$/.test(currency)))
    return { error: "currency: must be an ISO 4217 code of three capital letters, such as BRL or USD" };
  if (value !== null && currency === null) return { error: "currency: required with value" };
  if (currency !== null && value === null) return { error: "value: required with currency" };
  let at = now;
  if (input.at !== undefined && input.at !== null) {
    const parsed = parseTime(input.at);
    if (!parsed || parsed.getTime() > now.getTime() + DAY_MS || parsed.getUTCFullYear() < 2000)
      return {
        error: "at: must be an ISO-8601 date-time with its offset (2026-11-20T14:30:00-03:00), not in the future",
      };
    at = parsed;
  }
  const event: LeadEvent = { type: input.type as OutcomeType, value, currency, at };
  // Corrected without `at`: the outcome keeps its time (decision 105).
  return correct ? { event, correct: { keepAt: input.at === undefined || input.at === null } } : { event };
}

/**
 * A bound of the range: a date-time with its offset is that instant; a date (YYYY-MM-DD) is a day
 * in TIME_ZONE, like the report's (decision 091): `from` its midnight, `to` the midnight after it
 * (the day included). Null when it is neither, or not a real calendar day.
 */
function parseBound(text: string, timeZone: string, end: boolean): Date | null {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!day) return parseTime(text);
  const [y, m, d] = [Number(day[1]), Number(day[2]) - 1, Number(day[3])];
  const local = new TZDate(y, m, d, timeZone);
  if (local.getFullYear() !== y || local.getMonth() !== m || local.getDate() !== d) return null;
  return new Date((end ? addDays(local, 1) : local).getTime());
}

/**
 * `from` and `to`: days in TIME_ZONE, both included (as the report reads them), or date-times with
 * their offset (`to` excluded); default the last 30 days up to now, at most 366.
 */
export function parseRange(query: Query, now: Date, timeZone = "UTC"): Result<{ from: Date; to: Date }> {
  // A script's typo (`form=`) is told, never read as "the last 30 days" (decision 066).
  for (const key of query.keys())
    if (key !== "from" && key !== "to") return { error: "query: only from and to are accepted" };
  // Repeated: not given once, so no value (decision 058's single()).
  const rawTo = single(query, "to");
  const rawFrom = single(query, "from");
  if (rawTo === null || rawFrom === null) return { error: "query: from and to once each" };
  const to = rawTo === undefined ? now : parseBound(rawTo, timeZone, true);
  if (!to) return { error: "to: must be an ISO-8601 date (2026-11-20) or date-time with its offset" };
  const from = rawFrom === undefined ? new Date(to.getTime() - 30 * DAY_MS) : parseBound(rawFrom, timeZone, false);
  if (!from) return { error: "from: must be an ISO-8601 date (2026-11-01) or date-time with its offset" };
  if (from.getTime() >= to.getTime()) return { error: "from: must be before to" };
  // An hour's slack: a year of days in a zone with daylight saving is 366 days and an hour.
  if (to.getTime() - from.getTime() > MAX_RANGE_DAYS * DAY_MS + 3_600_000)
    return { error: `from: at most ${MAX_RANGE_DAYS} days before to` };
  return { from, to };
}
