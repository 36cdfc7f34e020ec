/**
 * Failed passwords and tokens, throttled per client (issue 35 item 5, decision 090), for every
 * secret a request can guess: the report's and Google Ads' file's HTTP Basic passwords
 * (basicAuth.ts) and the outcomes API's bearer token (leads/api.ts). After MAX_FAILURES failures
 * from one client (clientKey: the address across TRUST_PROXY, IPv6 by /64) within FAILURE_WINDOW_MS
 * of its first, every request of that client to that guard is a 429 with Retry-After until the
 * window ends, the right secret included (so guessing cannot go on behind the 429). A success
 * forgets the client's failures. Memory: at most MAX_CLIENTS entries, expired ones dropped first,
 * then the oldest.
 */
import type { Request, Response } from "express";
import { clientKey } from "../clientKey";

export const MAX_FAILURES = 10;
export const FAILURE_WINDOW_MS = 15 * 60_000;
export const MAX_CLIENTS = 10_000;

export interface FailureLimit {
  /** Seconds this client must wait before trying again, or 0. */
  wait(req: Request): number;
  failed(req: Request): void;
  succeeded(req: Request): void;
}

export function failureLimit(
  options: { max?: number; windowMs?: number; maxClients?: number; now?: () => number } = {},
): FailureLimit {
  const { max = MAX_FAILURES, windowMs = FAILURE_WINDOW_MS, maxClients = MAX_CLIENTS, now = Date.now } = options;
  const clients = new Map<string, { count: number; until: number }>();
  const evict = (t: number) => {
    for (const [key, entry] of clients) if (entry.until <= t) clients.delete(key);
    if (clients.size >= maxClients) clients.delete(clients.keys().next().value!);
  };
  return {
    wait(req) {
      const key = clientKey(req);
      const entry = clients.get(key);
      const t = now();
      if (!entry) return 0;
      if (entry.until <= t) return (void clients.delete(key), 0);
      return entry.count >= max ? Math.ceil((entry.until - t) / 1000) : 0;
    },
    failed(req) {
      const key = clientKey(req);
      const t = now();
      let entry = clients.get(key);
      if (!entry || entry.until <= t) {
        clients.delete(key);
        if (clients.size >= maxClients) evict(t);
        entry = { count: 0, until: t + windowMs };
        clients.set(key, entry);
      }
      entry.count++;
    },
    succeeded(req) {
      clients.delete(clientKey(req));
    },
  };
}

/** The plain-text 429 of the operator's routes. */
export function tooManyFailures(res: Response, seconds: number): void {
  res
    .status(429)
    .set({
      "Retry-After": String(seconds),
      "Cache-Control": "private, no-store",
      "Content-Type": "text/plain; charset=utf-8",
    })
    .send("Too many failed attempts; try again later\n");
}
