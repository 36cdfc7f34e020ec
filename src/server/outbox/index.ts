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

/** Starts the worker when there is somewhere to send; a no-op worker otherwise. */
export function startOutbox(
  database: DatabaseHandle,
  destinations: OutboxDestination[],
  settings: ConversionSettings,
  logger?: Logger,
): OutboxWorker {
  const worker = createOutboxWorker({
    db: database.db,
    engine: database.engine,
    destinations,
    logger,
    retentionMs: settings.retentionDays * DAY_MS,
  });
  if (destinations.length) worker.start();
  return worker;
}
