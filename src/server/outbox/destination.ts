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
  /** A delivery whose event is older than this is `expired`, never sent (Meta: 7 days). */
  maxAgeMs: number;
  send(batch: Delivery[], signal: AbortSignal): Promise<Outcome>;
  /** Sends one erasure notice (destinations with `notifiesErasure`). */
  sendErasure?(notice: ErasureNotice, signal: AbortSignal): Promise<Outcome>;
}

export const DAY_MS = 24 * 60 * 60_000;

/** 408, 425, 429 and 5xx are the destination's trouble: retried. */
export const isTransientStatus = (status: number) =>
  status === 408 || status === 425 || status === 429 || status >= 500;

/** The common reading of an answer: 2xx sent; transient statuses retried (Retry-After kept); the rest per `permanent`. */
export function outcomeOf(answer: HttpAnswer, now: Date, permanent: (status: number) => boolean): Outcome {
  if (answer.status >= 200 && answer.status < 300) return { kind: "sent" };
  const error = `HTTP ${answer.status}${answer.body ? `: ${answer.body.replace(/\s+/g, " ").slice(0, 200)}` : ""}`;
  if (!isTransientStatus(answer.status) && permanent(answer.status)) return { kind: "failed", error };
  const retryAfterMs = parseRetryAfter(answer.headers["retry-after"], now);
  return retryAfterMs === null ? { kind: "retry", error } : { kind: "retry", error, retryAfterMs };
}

export const networkOutcome = (error: unknown): Outcome => ({ kind: "retry", error: describeError(error) });
