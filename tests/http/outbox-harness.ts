/**
 * What the outbox's reliability tests share: a database per test on the engine under test, a fast
 * clock (time moves only when the test says; nothing sleeps), Meta and the webhook pointed at a
 * stand-in, and a drain loop.
 */
import { sql } from "kysely";
import {
  createDatabase,
  type DatabaseHandle,
  type DatabaseSettings,
  type Engine,
} from "../../src/server/ledger/engine";
import { openDatabase } from "../../src/server/ledger/migrate";
import { outboxQueries } from "../../src/server/ledger/outbox";
import { metaDestination } from "../../src/server/outbox/meta";
import type { OutboxDestination } from "../../src/server/outbox/destination";
import { webhookDestination } from "../../src/server/outbox/webhook";
import { createOutboxWorker, type OutboxWorker, type WorkerOptions } from "../../src/server/outbox/worker";
import { afterAll, beforeAll, beforeEach } from "vitest";
import { startStandIn, type Answer, type StandIn } from "./stand-in";
import { emptyDatabase } from "./store-fixture";

export const WEBHOOK_SECRET = "whsec-test-0123456789";

export class FastClock {
  t = Date.parse("2026-11-26T10:00:00Z");
  now = () => new Date(this.t);
  advance(ms: number) {
    this.t += ms;
  }
}

export type OutboxDatabase = DatabaseHandle & { settings: DatabaseSettings; drop(): Promise<void> };
let fileDatabase: Promise<DatabaseSettings> | undefined;

/**
 * An empty, migrated database of that engine (store's fixture, decision 068): SQLite, a new file
 * each time; PostgreSQL, this file's database on the run's server, emptied.
 */
export async function freshDatabase(engine: Engine): Promise<OutboxDatabase> {
  if (engine === "postgres") {
    fileDatabase ??= emptyDatabase(engine).then(async ({ settings }) => {
      await (await openDatabase(settings)).close();
      return { ...settings, busyTimeoutMs: 5_000, connectTimeoutMs: 5_000 };
    });
    const settings = await fileDatabase;
    const handle = createDatabase(settings);
    await sql`truncate leads, lead_events, deliveries, spend, spend_names, google_file_fetches restart identity cascade`.execute(
      handle.db,
    );
    return { ...handle, settings, drop: () => handle.close() };
  }
  const { settings, dispose } = await emptyDatabase(engine);
  const handle = await openDatabase({ ...settings, busyTimeoutMs: 5_000, connectTimeoutMs: 5_000 });
  return {
    ...handle,
    settings: { ...settings, busyTimeoutMs: 5_000, connectTimeoutMs: 5_000 },
    async drop() {
      await handle.close();
      dispose();
    },
  };
}

/** Long enough for a loaded machine's answer; the timeout test passes its own. */
const TIMEOUT_MS = 5_000;

export function standInMeta(
  standIn: StandIn,
  clock: FastClock,
  batchSize = 10,
  timeoutMs = TIMEOUT_MS,
): OutboxDestination {
  return metaDestination(
    {
      pixelId: "1234567890",
      token: "EAAGtesttoken0123456789",
      testEventCode: null,
      url: standIn.url,
      version: "v24.0",
    },
    { agent: standIn.agent, now: clock.now, timeoutMs, batchSize },
  );
}

export function standInWebhook(standIn: StandIn, clock: FastClock): OutboxDestination {
  return webhookDestination(
    { url: `${standIn.url}/hook`, secret: WEBHOOK_SECRET },
    { agent: standIn.agent, now: clock.now, timeoutMs: TIMEOUT_MS },
  );
}

export function worker(
  handle: DatabaseHandle,
  clock: FastClock,
  destinations: OutboxDestination[],
  options: Partial<WorkerOptions> = {},
): OutboxWorker {
  return createOutboxWorker({
    outbox: outboxQueries(handle),
    destinations,
    now: clock.now,
    random: () => 0,
    ...options,
  });
}

/** Passes, `stepMs` of fast time apart, until nothing is pending (or `maxPasses`); the passes made. */
export async function drain(
  handle: DatabaseHandle,
  w: OutboxWorker,
  clock: FastClock,
  { stepMs = 30_000, maxPasses = 200 } = {},
): Promise<number> {
  for (let pass = 1; pass <= maxPasses; pass++) {
    await w.runOnce();
    const left = await handle.db
      .selectFrom("deliveries")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .where("status", "=", "pending")
      .executeTakeFirstOrThrow();
    if (Number(left.n) === 0) return pass;
    clock.advance(stepMs);
  }
  throw new Error(`still pending after ${maxPasses} passes`);
}

/**
 * A stand-in for the enclosing `describe`: started once, closed after, and before each test
 * emptied of what it received and answering `answer` (a new suite's setup in one line).
 */
export function useStandIn(answer: Answer = { status: 200, body: "{}" }): () => StandIn {
  let standIn: StandIn;
  beforeAll(async () => {
    standIn = await startStandIn();
  });
  afterAll(() => standIn.close());
  beforeEach(() => {
    standIn.received.length = 0;
    standIn.respond = () => answer;
  });
  return () => standIn;
}
