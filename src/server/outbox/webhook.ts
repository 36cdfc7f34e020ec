/**
 * The CRM webhook (decision 077): every lead event, and every erasure (decision 080), one JSON request each, signed
 * (`X-XIA-Signature`, signature.ts) and carrying an `Idempotency-Key` that is the same on every
 * retry of that event (`xia.<code>.<event>`), so the receiver keeps one. No click identifiers: the
 * CRM gets the lead's code, page, language, segment, variant, plan and campaign fields, and the event.
 */
import {
  DAY_MS,
  networkOutcome,
  outcomeOf,
  type Delivery,
  type ErasureNotice,
  type Outcome,
  type OutboxDestination,
} from "./destination";
import { postJson } from "./http";
import type { DestinationOptions } from "./meta";
import type { WebhookSettings } from "./settings";
import { SIGNATURE_HEADER, signatureHeader } from "./signature";

export const WEBHOOK = "webhook";
export const WEBHOOK_MAX_AGE_MS = 7 * DAY_MS;

export const idempotencyKey = (code: string, type: string) => `xia.${code}.${type}`;

export function webhookBody({ lead, event }: Pick<Delivery, "lead" | "event">) {
  return {
    // A correction is a new fact for the CRM: its own key, so a receiver that keeps keys applies it.
    id: idempotencyKey(
      lead.code,
      event.correctedAt ? `${event.type}.corrected.${event.correctedAt.getTime()}` : event.type,
    ),
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
    event: {
      type: event.type,
      at: event.at.toISOString(),
      value: event.value,
      currency: event.currency,
      ...(event.correctedAt ? { correctedAt: event.correctedAt.toISOString() } : {}),
    },
  };
}

/**
 * An erased lead (decision 080): its code and the erasure's time, nothing else, so the CRM can
 * erase its copy; `lead.erased`, keyed `xia.<code>.erased` like every other event.
 */
export function erasureBody({ erasure }: Pick<ErasureNotice, "erasure">) {
  return {
    id: idempotencyKey(erasure.code, "erased"),
    type: "lead.erased",
    lead: { code: erasure.code },
    event: { type: "erased", at: erasure.at.toISOString() },
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
    notifiesErasure: true,
    takesCorrections: true,
    send: ([delivery]: Delivery[], signal: AbortSignal) => post(webhookBody(delivery), signal),
    sendErasure: (notice: ErasureNotice, signal: AbortSignal) => post(erasureBody(notice), signal),
  };

  /** One signed request; the Idempotency-Key is the body's id, the same on every retry. */
  async function post(payload: { id: string; type: string }, signal: AbortSignal): Promise<Outcome> {
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
      return outcomeOf(answer, now(), (status) => PERMANENT.has(status), [settings.secret]);
    } catch (error) {
      return networkOutcome(error, [settings.secret]);
    }
  }
}
