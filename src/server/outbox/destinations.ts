/**
 * The configured destinations, in one list: the store asks each whether it wants an event (and
 * enqueues a delivery in the event's transaction), the worker sends to them. Nothing configured,
 * an empty list: no delivery is ever written. Google Ads is not here: it fetches its file itself
 * (googleCsv.ts), nothing is pushed to it.
 */
import type { OutboxDestination } from "./destination";
import { metaDestination, type DestinationOptions } from "./meta";
import type { ConversionSettings } from "./settings";
import { webhookDestination } from "./webhook";

export function createDestinations(
  settings: ConversionSettings,
  options: DestinationOptions = {},
): OutboxDestination[] {
  return [
    ...(settings.meta ? [metaDestination(settings.meta, options)] : []),
    ...(settings.webhook ? [webhookDestination(settings.webhook, options)] : []),
  ];
}
