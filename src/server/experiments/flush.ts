/**
 * The arrivals' flush (issue 37 item 2, decision 099): every FLUSH_EVERY_MS (a minute) the counts
 * kept in memory are added to the store's `experiment_arrivals`, and once more when the process
 * stops. A flush that fails (the database down or not open yet) puts its counts back, so they go
 * with the next one; a line is logged without any value from a request.
 */
import type { Logger } from "../logger";
import type { Ledger } from "../ledger/types";
import type { ArrivalCounter } from "./arrivals";

export const FLUSH_EVERY_MS = 60_000;

export function flushArrivals(
  counter: ArrivalCounter,
  store: Pick<Ledger, "addArrivals">,
  logger?: Logger,
  everyMs = FLUSH_EVERY_MS,
) {
  let running: Promise<void> = Promise.resolve();
  const flush = () =>
    (running = running.then(async () => {
      const counts = counter.drain();
      if (counts.length === 0) return;
      try {
        await store.addArrivals(counts);
      } catch (error) {
        counter.restore(counts);
        logger?.warn("experiment arrivals not flushed", { rows: counts.length, error: String((error as Error)?.name) });
      }
    }));
  const timer = setInterval(() => void flush(), everyMs).unref();
  return {
    flush,
    /** Stops the timer and flushes what is left. */
    async stop() {
      clearInterval(timer);
      await flush();
    },
  };
}
