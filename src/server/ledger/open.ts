/**
 * The entry's lead store (decision 067): opens the configured database and applies the migrations
 * in the background, so the site serves pages from its first second whatever the database does.
 * Until the database is open (and while it cannot be opened, retried with backoff up to 30 s) every
 * call rejects at once with StoreUnavailableError: the sales link still sends the visitor on, the
 * API answers 503. Once open, retention runs at start and every 6 hours (idempotent in every worker).
 */
import type { LeadSettings } from "../leads/settings";
import type { Logger } from "../logger";
import type { DatabaseHandle } from "./engine";
import { openDatabase } from "./migrate";
import { createLedger } from "./store";
import { StoreUnavailableError, type Destination, type Ledger, type OutboxQueries } from "./types";

const PRUNE_EVERY_MS = 6 * 3_600_000;

export interface OpenedStore extends Ledger {
  /** Resolves once the database is open and migrated (tests and the cluster's start-up wait on it). */
  ready: Promise<void>;
}

/** An operator-safe summary of a database error: its code and class, never a URL or credentials. */
export function describeDbError(error: unknown): Record<string, unknown> {
  const e = error as { code?: unknown; name?: unknown };
  return {
    code: typeof e?.code === "string" ? e.code : undefined,
    kind: typeof e?.name === "string" ? e.name : "Error",
  };
}

export function openLeadStore(
  settings: LeadSettings,
  options: { logger: Logger; destinations?: readonly Destination[]; now?: () => Date; timeZone?: string },
): OpenedStore {
  const { logger } = options;
  let current: Ledger | null = null;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  const engine: Ledger["engine"] = settings.databaseUrl ? "postgres" : "sqlite";

  const ready = (async () => {
    for (let wait = 1000; !closed; wait = Math.min(wait * 2, 30_000)) {
      let handle: DatabaseHandle | undefined;
      try {
        handle = await openDatabase({
          databaseUrl: settings.databaseUrl,
          dataDir: settings.dataDir,
          onError: (error) => logger.warn("lead store connection lost", describeDbError(error)),
        });
      } catch (error) {
        logger.error("lead store unavailable, retrying", { engine, ...describeDbError(error), retryInMs: wait });
        await new Promise((done) => (timer = setTimeout(done, wait)).unref());
        continue;
      }
      if (closed) return void (await handle.close());
      current = createLedger(handle, {
        destinations: options.destinations,
        retentionDays: settings.retentionDays,
        timeZone: options.timeZone,
        now: options.now,
      });
      const prune = () =>
        current
          ?.prune(new Date())
          .then(({ erased }) => erased && logger.info("lead retention", { erased }))
          .catch((error) => logger.warn("lead retention failed", describeDbError(error)));
      void prune();
      timer = setInterval(prune, PRUNE_EVERY_MS).unref();
      return;
    }
  })();

  const live = (): Ledger => {
    if (!current) throw new StoreUnavailableError("the lead store is not open (yet)");
    return current;
  };
  const outbox: OutboxQueries = {
    claim: async (...args) => live().outbox.claim(...args),
    load: async (ids) => live().outbox.load(ids),
    settle: async (...args) => live().outbox.settle(...args),
    expireOlder: async (...args) => live().outbox.expireOlder(...args),
    pruneSent: async (before) => live().outbox.pruneSent(before),
  };
  return {
    ready,
    engine,
    outbox,
    leadCounts: async (query) => live().leadCounts(query),
    deliveryStats: async () => live().deliveryStats(),
    deadLetters: async (limit) => live().deadLetters(limit),
    spend: {
      import: async (...args) => live().spend.import(...args),
      totals: async (query) => live().spend.totals(query),
      names: async () => live().spend.names(),
      recordGoogleFetch: async (...args) => live().spend.recordGoogleFetch(...args),
      lastGoogleFetch: async () => live().spend.lastGoogleFetch(),
    },
    retryFailed: async (now) => live().retryFailed(now),
    createLead: async (lead, now, waitMs, arm) => live().createLead(lead, now, waitMs, arm),
    addArrivals: async (counts) => live().addArrivals(counts),
    armTotals: async (experiments, at) => live().armTotals(experiments, at),
    qualifiedOnPage: async (path, from) => live().qualifiedOnPage(path, from),
    recordEvent: async (code, event, correct) => live().recordEvent(code, event, correct),
    findEvent: async (code, type) => live().findEvent(code, type),
    deleteLead: async (code) => live().deleteLead(code),
    exportLeads: async (from, to, limit) => live().exportLeads(from, to, limit),
    prune: async (now) => live().prune(now),
    async close() {
      closed = true;
      clearTimeout(timer);
      clearInterval(timer);
      await current?.close();
      current = null;
    },
  };
}
