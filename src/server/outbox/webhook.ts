/**
 * The CRM webhook (decision 077): every lead event, one JSON request each, signed
 * (`X-XIA-Signature`, signature.ts) and carrying an `Idempotency-Key` that is the same on every
 * retry of that event (`xia.<code>.<event>`), so the receiver keeps one. No click identifiers: the
 * CRM gets the lead's code, page, language, segment, variant, plan and campaign fields, and the event.
 */
import { DAY_MS, networkOutcome, outcomeOf, type Delivery, type Outcome, type OutboxDestination } from "./destination";
import { postJson } from "./http";
import type { DestinationOptions } from "./meta";
import type { WebhookSettings } from "./settings";
import { SIGNATURE_HEADER, signatureHeader } from "./signature";

export const WEBHOOK = "webhook";
export const WEBHOOK_MAX_AGE_MS = 7 * DAY_MS;

export const idempotencyKey = (code: string, type: string) => `xia.${code}.${type}`;

export function webhookBody({ lead, event }: Pick<Delivery, "lead" | "event">) {
  return {
    id: idempotencyKey(lead.code, event.type),
    type: `lead.${event.type}`,
    lead: {
      code: lead.code,
      createdAt: lead.createdAt.toISOString(),
      lang: lead.lang,
      path: lead.path,
      segment: lead.segment,
      variant: lead.variant,
      plan: lead.plan,
      utm: lead.utm,
    },
    event: { type: event.type, at: event.at.toISOString(), value: event.value, currency: event.currency },
  };
}

/** The request itself is wrong (or the hook is gone, 410): sending it again gets the same answer. */
const PERMANENT = new Set([400, 405, 410, 413, 415, 422]);

export function webhookDestination(settings: WebhookSettings, options: DestinationOptions = {}): OutboxDestination {
  const now = options.now ?? (() => new Date());
  return {
    name: WEBHOOK,
    batchSize: 1,
    maxAgeMs: WEBHOOK_MAX_AGE_MS,
    wants: () => true,
    async send([delivery]: Delivery[], signal: AbortSignal): Promise<Outcome> {
      const payload = webhookBody(delivery);
      const body = JSON.stringify(payload);
      const headers = {
        "Idempotency-Key": payload.id,
        [SIGNATURE_HEADER]: signatureHeader(settings.secret, body, now()),
        "X-XIA-Event": payload.type,
      };
      try {
        const answer = await postJson(settings.url, body, headers, {
          agent: options.agent,
          timeoutMs: options.timeoutMs,
          signal,
        });
        return outcomeOf(answer, now(), (status) => PERMANENT.has(status));
      } catch (error) {
        return networkOutcome(error);
      }
    },
  };
}
