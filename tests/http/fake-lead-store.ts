/**
 * A LeadStore in memory (the contract in src/server/ledger/types.ts), for the sales redirect's tests
 * until and beside the real store on both engines: it keeps what createLead receives, and can be
 * made slow, failing or hung to stand for a database that is down.
 */
import { randomInt } from "node:crypto";
import type { Ledger } from "../../src/server/ledger/store";
import type { Lead, NewLead } from "../../src/server/ledger/types";

const ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";

export type FakeMode = "ok" | "hang" | "reject" | { delayMs: number };

export interface FakeLeadStore extends Ledger {
  leads: Lead[];
  mode: FakeMode;
}

const noDatabase = (): Promise<never> =>
  Promise.reject(new Error("the store in memory has no database (the report and the outbox need a real one)"));

export function fakeLeadStore(mode: FakeMode = "ok"): FakeLeadStore {
  const leads: Lead[] = [];
  const store: FakeLeadStore = {
    leads,
    mode,
    createLead(lead: NewLead, now: Date) {
      const m = store.mode;
      if (m === "hang") return new Promise<string>(() => {});
      if (m === "reject")
        return Promise.reject(
          Object.assign(new Error("connect ECONNREFUSED 10.0.0.1:5432 (secret)"), { code: "ECONNREFUSED" }),
        );
      const code = Array.from({ length: 8 }, () => ALPHABET[randomInt(ALPHABET.length)]).join("");
      const commit = () => {
        leads.push({ ...structuredClone(lead), code, createdAt: now });
        return code;
      };
      return m === "ok"
        ? Promise.resolve(commit())
        : new Promise<string>((r) => setTimeout(() => r(commit()), m.delayMs));
    },
    recordEvent: async () => "not-found",
    deleteLead: async () => false,
    exportLeads: async () => leads.map((l) => ({ ...l, events: [] })),
    findEvent: async () => null,
    prune: async () => ({ erased: 0 }),
    close: async () => {},
    engine: "sqlite",
    // The report and the outbox need a real ledger (store-fixture.ts).
    leadCounts: noDatabase,
    deliveryStats: noDatabase,
    deadLetters: noDatabase,
    addArrivals: noDatabase,
    armTotals: noDatabase,
    qualifiedOnPage: noDatabase,
    spend: {
      import: noDatabase,
      totals: noDatabase,
      names: noDatabase,
      recordGoogleFetch: noDatabase,
      lastGoogleFetch: noDatabase,
    },
    retryFailed: noDatabase,
    outbox: { claim: noDatabase, load: noDatabase, settle: noDatabase, expireOlder: noDatabase, pruneSent: noDatabase },
  };
  return store;
}
