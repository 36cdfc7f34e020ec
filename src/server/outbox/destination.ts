/**
 * What the outbox worker needs of a destination beyond the ledger's `Destination` (the store calls
 * `wants()` inside the event's transaction to enqueue a delivery): how to send a batch and how to
 * read the answer (decision 075).
 */
import type { Delivery, Destination, ErasureNotice, OutboxRow } from "../ledger/types";
import { parseRetryAfter } from "./backoff";
import { describeError, type HttpAnswer } from "./http";

export type { Delivery, ErasureNotice, OutboxRow };

export const isNotice = (row: OutboxRow): row is ErasureNotice => "erasure" in row;

/** When the row's fact happened: the event's time, or the erasure's (the maximum age counts from it). */
export const rowTime = (row: OutboxRow): Date => (isNotice(row) ? row.erasure.at : row.event.at);

export type Outcome =
  | { kind: "sent" }
  /** Try again later (after `retryAfterMs` when the destination said so, else the backoff). */
  | { kind: "retry"; error: string; retryAfterMs?: number }
  /** The destination refused the request itself: sending it again gets the same answer (dead letter). */
  | { kind: "failed"; error: string };

export interface OutboxDestination extends Destination {
  /** At most this many deliveries in one request (Meta takes up to 1,000 events; the webhook one). */
  batchSize: number;
  /** A delivery queued longer ago than this and still not delivered is `expired` (the retry window). */
  maxAgeMs: number;
  /**
   * A destination that refuses events whose own time is older than this (Meta: 7 days): such a
   * delivery is `expired` at once, never sent. Unset: any age (the CRM takes a sale dated last month).
   */
  maxEventAgeMs?: number;
  send(batch: Delivery[], signal: AbortSignal): Promise<Outcome>;
  /** Sends one erasure notice (destinations with `notifiesErasure`). */
  sendErasure?(notice: ErasureNotice, signal: AbortSignal): Promise<Outcome>;
}

export const DAY_MS = 24 * 60 * 60_000;

/** 408, 425, 429 and 5xx are the destination's trouble: retried. */
export const isTransientStatus = (status: number) =>
  status === 408 || status === 425 || status === 429 || status >= 500;

/**
 * A destination's error text with its secrets taken out (decision 090), before it is stored in
 * `last_error`, logged or shown in the report: each configured secret (and its URL-encoded form)
 * wherever it appears, and anything that looks like a credential (`access_token=…`,
 * `"token": "…"`, `Bearer …`), whatever the destination echoed.
 */
export function redact(text: string, secrets: readonly string[] = []): string {
  let out = text;
  for (const secret of secrets)
    for (const form of new Set([secret, encodeURIComponent(secret)]))
      if (form) out = out.split(form).join("[redacted]");
  return out
    .replace(/\b(bearer|basic)\s+[^\s"',}]+/gi, "$1 [redacted]")
    .replace(
      /((?:access_token|token|secret|password|api_key|apikey|signature)["']?\s*[=:]\s*["']?)[^\s&"',}]+/gi,
      "$1[redacted]",
    );
}

/**
 * The common reading of an answer: 2xx sent; transient statuses retried (Retry-After kept); the
 * rest per `permanent`. The error text is the status and the body's start, `secrets` redacted.
 */
export function outcomeOf(
  answer: HttpAnswer,
  now: Date,
  permanent: (status: number) => boolean,
  secrets: readonly string[] = [],
): Outcome {
  if (answer.status >= 200 && answer.status < 300) return { kind: "sent" };
  const body = answer.body ? `: ${redact(answer.body.replace(/\s+/g, " "), secrets).slice(0, 200)}` : "";
  const error = `HTTP ${answer.status}${body}`;
  if (!isTransientStatus(answer.status) && permanent(answer.status)) return { kind: "failed", error };
  const retryAfterMs = parseRetryAfter(answer.headers["retry-after"], now);
  return retryAfterMs === null ? { kind: "retry", error } : { kind: "retry", error, retryAfterMs };
}

export const networkOutcome = (error: unknown, secrets: readonly string[] = []): Outcome => ({
  kind: "retry",
  error: redact(describeError(error), secrets),
});
