/**
 * The outbox in the server process (decision 075): the configured destinations (the store asks
 * them which events they want, in the event's transaction) and the worker that sends what they
 * want, started by the entry on a timer and stopped at shutdown before the database closes.
 */
import type { OutboxQueries } from "../ledger/types";
import type { Logger } from "../logger";
import { DAY_MS, type OutboxDestination } from "./destination";
import type { ConversionSettings } from "./settings";
import { createOutboxWorker, type OutboxWorker } from "./worker";

export { createDestinations } from "./destinations";

/** The ledger as the entry opens it: in the background, its outbox usable once `ready` resolves. */
export interface OpeningStore {
  ready: Promise<void>;
  readonly outbox: OutboxQueries;
}

/**
 * Starts the worker once the store's database is open, when there is somewhere to send; `stop()`
 * (at shutdown, before the store closes) stops it, or keeps it from starting.
 */
export function runOutbox(
  store: OpeningStore,
  destinations: OutboxDestination[],
  settings: ConversionSettings,
  logger?: Logger,
): { stop(): Promise<void> } {
  let worker: OutboxWorker | undefined;
  let stopped = false;
  if (destinations.length)
    void store.ready.then(() => {
      if (stopped) return;
      worker = createOutboxWorker({
        outbox: store.outbox,
        destinations,
        logger,
        retentionMs: settings.retentionDays * DAY_MS,
      });
      worker.start();
    });
  return {
    async stop() {
      stopped = true;
      await worker?.stop();
    },
  };
}
