/**
 * Meta's Conversions API (decision 076). Only leads that came with advertising consent and a Meta
 * click (`fbclid`) are sent, and only two events: a qualified lead as the custom event
 * `QualifiedLead`, a sale as `Purchase` with its value and currency. The browser's Pixel sends
 * `Lead` (sign-up click) and `Contact` (the WhatsApp click) itself; the server never sends those
 * names, so no action is counted by both paths. `event_id` is `<code>.<event>`: a retry of the same
 * event is counted once by Meta's deduplication (same event_name and event_id within 48 hours).
 * `action_source` is `chat`: the qualification and the sale happen in the WhatsApp conversation.
 */
import type { Agent } from "node:https";
import type { Lead, LeadEvent } from "../ledger/types";
import { DAY_MS, networkOutcome, outcomeOf, type Delivery, type Outcome, type OutboxDestination } from "./destination";
import { postJson } from "./http";
import type { MetaSettings } from "./settings";

export const META = "meta";
/** Meta refuses a whole request holding an event_time more than 7 days old; an hour's margin. */
export const META_MAX_AGE_MS = 7 * DAY_MS - 60 * 60_000;
const EVENT_NAMES = { qualified: "QualifiedLead", won: "Purchase" } as const;

/** Meta's click id as its `_fbc` cookie would hold it: `fb.1.<click time in ms>.<fbclid>`. */
export function fbc(fbclid: string, clickedAt: Date): string {
  return `fb.1.${clickedAt.getTime()}.${fbclid}`;
}

export const metaEventId = (code: string, type: string) => `${code}.${type}`;

/** Consent (clicks recorded), a Meta click, and an event Meta is told about (a sale with its value). */
export function metaWants(lead: Lead, event: LeadEvent): boolean {
  if (!lead.clicks?.fbclid) return false;
  if (event.type === "qualified") return true;
  return event.type === "won" && event.value !== null && event.currency !== null;
}

export function metaEvent({ lead, event }: Pick<Delivery, "lead" | "event">) {
  const clicks = lead.clicks!;
  return {
    event_name: EVENT_NAMES[event.type as keyof typeof EVENT_NAMES],
    event_time: Math.floor(event.at.getTime() / 1000),
    event_id: metaEventId(lead.code, event.type),
    action_source: "chat",
    user_data: { fbc: fbc(clicks.fbclid!, clicks.fbclidAt ?? lead.createdAt) },
    ...(event.type === "won" ? { custom_data: { value: event.value, currency: event.currency } } : {}),
  };
}

/** Meta's error codes that a retry (or the operator fixing the token) can cure: rate limits, auth, permissions. */
const RETRIED_CODES = new Set([1, 2, 4, 10, 17, 32, 102, 190, 200, 341, 613, 80004]);

function metaPermanent(body: string): boolean {
  try {
    const { error } = JSON.parse(body) as { error?: { code?: number; is_transient?: boolean } };
    return !(error?.is_transient || RETRIED_CODES.has(error?.code ?? -1));
  } catch {
    return true;
  }
}

export interface DestinationOptions {
  agent?: Agent;
  timeoutMs?: number;
  now?: () => Date;
  batchSize?: number;
}

export function metaDestination(settings: MetaSettings, options: DestinationOptions = {}): OutboxDestination {
  const now = options.now ?? (() => new Date());
  // The token goes in the body, never in the URL (a URL is logged by proxies; decision 090).
  const url = `${settings.url}/${settings.version}/${settings.pixelId}/events`;
  const secrets = [settings.token];
  return {
    name: META,
    batchSize: options.batchSize ?? 100,
    maxAgeMs: META_MAX_AGE_MS,
    // Meta refuses an event_time more than 7 days old.
    maxEventAgeMs: META_MAX_AGE_MS,
    wants: metaWants,
    async send(batch: Delivery[], signal: AbortSignal): Promise<Outcome> {
      const body = JSON.stringify({
        data: batch.map(metaEvent),
        ...(settings.testEventCode ? { test_event_code: settings.testEventCode } : {}),
        access_token: settings.token,
      });
      try {
        const answer = await postJson(url, body, {}, { agent: options.agent, timeoutMs: options.timeoutMs, signal });
        const permanent = (status: number) => status !== 401 && status !== 403 && metaPermanent(answer.body);
        return outcomeOf(answer, now(), permanent, secrets);
      } catch (error) {
        return networkOutcome(error, secrets);
      }
    },
  };
}
