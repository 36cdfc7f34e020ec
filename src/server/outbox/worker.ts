/**
 * The outbox worker (decision 075): on a timer in the server process, never on a request's path.
 * Each pass, per destination and in parallel: pending rows past the destination's maximum age
 * become `expired`; then due rows are claimed a batch (the destination's size) at a time under a
 * lease (the ledger's outbox, src/server/ledger/outbox.ts), sent, and settled, up to `claimSize`
 * rows a pass: `sent`; retried later (exponential backoff with
 * jitter, or the destination's own Retry-After when it gives one); `failed` when the destination
 * refuses the request itself (a refused batch is split and its events sent one by one, so one bad
 * event does not sink the others). After a retry the destination rests until that time: the rest of
 * its claim is let go uncounted, so a destination that is down gets one probe per backoff step, not
 * a request per queued event, and a 429's Retry-After holds every later request back. Delivered
 * rows are deleted after the retention period.
 *
 * Delivery is at least once: a process killed after a destination took a request but before the
 * row was settled sends it again when the lease runs out, with the same event_id / Idempotency-Key.
 * `stop()` ends the timer, aborts requests in flight (their rows are let go, uncounted) and resolves
 * when the pass is over.
 */
import type { OutboxQueries } from "../ledger/types";
import type { Logger } from "../logger";
import { retryDelay } from "./backoff";
import { isNotice, rowTime, type Delivery, type OutboxDestination, type OutboxRow, type Outcome } from "./destination";

export interface WorkerOptions {
  /** The ledger's outbox statements. */
  outbox: OutboxQueries;
  destinations: OutboxDestination[];
  logger?: Logger;
  /** The clock (tests run a fast one). */
  now?: () => Date;
  random?: () => number;
  /** Between passes when nothing more is due. */
  intervalMs?: number;
  /** At most this many rows per destination per pass (a full pass starts the next one at once). */
  claimSize?: number;
  /** How long a claim holds its rows: longer than a pass's requests take (timeouts included). */
  leaseMs?: number;
  /** Delivered rows are deleted this long after delivery. */
  retentionMs?: number;
}

export interface PassResult {
  sent: number;
  retried: number;
  failed: number;
  expired: number;
  /** A destination's claim was full: more may be due now. */
  more: boolean;
  /**
   * The earliest time (ms) a destination that rested in this pass takes requests again: a
   * Retry-After shorter than the interval brings the next pass forward to it.
   */
  wakeAt?: number;
}

export interface OutboxWorker {
  /** One pass now (tests drive the worker with this and a fast clock). */
  runOnce(): Promise<PassResult>;
  start(): void;
  stop(): Promise<void>;
}

const PRUNE_EVERY_MS = 10 * 60_000;
/** The expiry sweep runs at most this often per destination (an event too old is also expired at claim). */
const SWEEP_EVERY_MS = 60_000;

export function createOutboxWorker(options: WorkerOptions): OutboxWorker {
  const { outbox, destinations, logger } = options;
  const now = options.now ?? (() => new Date());
  const random = options.random ?? Math.random;
  const intervalMs = options.intervalMs ?? 5_000;
  const claimSize = options.claimSize ?? 500;
  const leaseMs = options.leaseMs ?? 120_000;
  const retentionMs = options.retentionMs ?? 30 * 24 * 60 * 60_000;
  const restUntil = new Map<string, number>();
  const sweptAt = new Map<string, number>();
  /** Failed requests in a row per destination: the backoff grows with it, whichever row is the probe. */
  const streak = new Map<string, number>();
  const abort = new AbortController();
  let prunedAt = -Infinity;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = false;

  /** A batch is all events, or one erasure notice (decision 080). */
  function send(dest: OutboxDestination, batch: OutboxRow[]): Promise<Outcome> {
    const [first] = batch;
    if (!isNotice(first)) return dest.send(batch as Delivery[], abort.signal);
    if (!dest.sendErasure) return Promise.resolve({ kind: "failed", error: "takes no erasure notice" });
    return dest.sendErasure(first, abort.signal);
  }

  async function deliver(
    dest: OutboxDestination,
    batch: OutboxRow[],
    lease: Date,
    result: PassResult,
  ): Promise<Outcome> {
    const outcome = await send(dest, batch);
    const ids = batch.map((d) => d.id);
    const at = now();
    if (abort.signal.aborted && outcome.kind !== "sent") {
      await outbox.settle(ids, lease, { countAttempt: false });
      return outcome;
    }
    if (outcome.kind === "failed" && batch.length > 1) {
      for (let i = 0; i < batch.length; i++) {
        const single = await deliver(dest, [batch[i]], lease, result);
        if (single.kind === "retry") {
          await outbox.settle(ids.slice(i + 1), lease, { countAttempt: false });
          return single;
        }
      }
      return { kind: "sent" };
    }
    if (outcome.kind !== "retry") streak.delete(dest.name);
    if (outcome.kind === "sent") {
      await outbox.settle(ids, lease, { status: "sent", countAttempt: true, error: null, sentAt: at });
      result.sent += ids.length;
    } else if (outcome.kind === "failed") {
      await outbox.settle(ids, lease, { status: "failed", countAttempt: true, error: outcome.error });
      result.failed += ids.length;
      logger?.warn("delivery failed", { destination: dest.name, error: outcome.error });
    } else {
      const failures = (streak.get(dest.name) ?? 0) + 1;
      streak.set(dest.name, failures);
      const attempts = Math.max(failures, ...batch.map((d) => d.attempts + 1));
      // A Retry-After is followed as given (a rate limit is not a failure); else the backoff.
      const wait = outcome.retryAfterMs ?? retryDelay(attempts, random());
      const next = new Date(at.getTime() + wait);
      await outbox.settle(ids, lease, { countAttempt: true, error: outcome.error, nextAttemptAt: next });
      restUntil.set(dest.name, next.getTime());
      result.wakeAt = Math.min(result.wakeAt ?? Infinity, next.getTime());
      result.retried += ids.length;
      logger?.warn("delivery retried", { destination: dest.name, error: outcome.error, retryInMs: wait });
    }
    return outcome;
  }

  /** Claims one batch under a fresh lease; expires what is too old; sends the rest. Undefined: nothing due. */
  async function nextBatch(dest: OutboxDestination, result: PassResult): Promise<Outcome | "none"> {
    const at = now();
    const lease = new Date(at.getTime() + leaseMs);
    const rows = await outbox.load(await outbox.claim(dest.name, dest.batchSize, at, lease));
    if (!rows.length) return "none";
    // An event older than the destination takes (Meta's 7 days): never sent. The CRM has no such limit.
    const maxEventAgeMs = dest.maxEventAgeMs ?? Infinity;
    const tooOld = rows.filter((d) => at.getTime() - rowTime(d).getTime() > maxEventAgeMs);
    await outbox.settle(
      tooOld.map((d) => d.id),
      lease,
      { status: "expired", countAttempt: false, errorIfNone: "the event is older than the destination accepts" },
    );
    result.expired += tooOld.length;
    const live = rows.filter((d) => !tooOld.includes(d));
    if (!live.length) return { kind: "sent" };
    if (stopped) {
      await outbox.settle(
        live.map((d) => d.id),
        lease,
        { countAttempt: false },
      );
      return "none";
    }
    // Erasure notices one by one, then the events as one batch (decision 080).
    const notices = live.filter(isNotice);
    for (let i = 0; i < notices.length; i++) {
      const outcome = await deliver(dest, [notices[i]], lease, result);
      if (outcome.kind === "retry") {
        const rest = [...notices.slice(i + 1), ...live.filter((d) => !isNotice(d))];
        await outbox.settle(
          rest.map((d) => d.id),
          lease,
          { countAttempt: false },
        );
        return outcome;
      }
    }
    const events = live.filter((d) => !isNotice(d));
    return events.length ? deliver(dest, events, lease, result) : { kind: "sent" };
  }

  /**
   * One destination's part of a pass: its expiry sweep, then batch after batch (each claimed just
   * before it is sent, so a lease covers one request) until nothing is due, `claimSize` rows went,
   * a retry rests the destination, or the worker stops.
   */
  async function runDestination(dest: OutboxDestination, start: Date, result: PassResult) {
    if (start.getTime() - (sweptAt.get(dest.name) ?? -Infinity) >= SWEEP_EVERY_MS) {
      sweptAt.set(dest.name, start.getTime());
      result.expired += await outbox.expireOlder(
        dest.name,
        new Date(start.getTime() - dest.maxAgeMs),
        start,
        `not delivered within ${Math.round(dest.maxAgeMs / 3_600_000)} hours`,
      );
    }
    // A resting destination still wakes the worker when its rest ends: a timer may fire a
    // millisecond before the wall clock reaches the rest's end, and must not fall back to the interval.
    const resting = restUntil.get(dest.name) ?? 0;
    if (resting > now().getTime()) result.wakeAt = Math.min(result.wakeAt ?? Infinity, resting);
    for (let taken = 0; !stopped && (restUntil.get(dest.name) ?? 0) <= now().getTime(); taken += dest.batchSize) {
      if (taken >= claimSize) {
        result.more = true;
        return;
      }
      const outcome = await nextBatch(dest, result);
      if (outcome === "none" || outcome.kind === "retry") return;
    }
  }

  async function runOnce(): Promise<PassResult> {
    const start = now();
    const result: PassResult = { sent: 0, retried: 0, failed: 0, expired: 0, more: false };
    await Promise.all(destinations.map((dest) => runDestination(dest, start, result)));
    if (start.getTime() - prunedAt >= PRUNE_EVERY_MS) {
      prunedAt = start.getTime();
      await outbox.pruneSent(new Date(start.getTime() - retentionMs));
    }
    return result;
  }

  function schedule(delay: number) {
    if (stopped) return;
    timer = setTimeout(() => {
      const pass = runOnce().then(
        (result) =>
          schedule(result.more ? 0 : Math.min(intervalMs, Math.max(0, (result.wakeAt ?? Infinity) - now().getTime()))),
        (error: unknown) => {
          logger?.error("outbox pass failed", error);
          schedule(intervalMs);
        },
      );
      running = pass;
    }, delay);
    timer.unref();
  }

  return {
    runOnce,
    start: () => schedule(Math.round(intervalMs * random())),
    async stop() {
      stopped = true;
      clearTimeout(timer);
      abort.abort();
      await running;
    },
  };
}
