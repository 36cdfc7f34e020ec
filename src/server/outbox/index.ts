/**
 * The outbox in the server process (decision 075): the configured destinations (the store asks
 * them which events they want, in the event's transaction) and the worker that sends what they
 * want, started by the entry on a timer and stopped at shutdown before the database closes.
 */
import type { DatabaseHandle } from "../db/index";
import type { Logger } from "../logger";
import { DAY_MS, type OutboxDestination } from "./destination";
import type { ConversionSettings } from "./settings";
import { createOutboxWorker, type OutboxWorker } from "./worker";

export { createDestinations } from "./destinations";
export { deadLetters, deliveryStats, type DeadLetter, type DestinationStats } from "./stats";

/** The store as the entry opens it: in the background, its database there once `ready` resolves. */
export interface OpeningStore {
  ready: Promise<void>;
  readonly database: DatabaseHandle;
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
        db: store.database.db,
        engine: store.database.engine,
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
