/**
 * A worker process for tests/http/outbox-processes.test.ts: the outbox alone, configured from the
 * environment like the site (META_*, LEADS_WEBHOOK_*; NODE_EXTRA_CA_CERTS trusts the stand-in),
 * on the database of XIA_TEST_DATABASE_URL or XIA_TEST_DATA_DIR, with a short lease and interval
 * (OUTBOX_TEST_LEASE_MS, OUTBOX_TEST_INTERVAL_MS) so that a killed worker's rows come back quickly.
 * Says "ready" once started; SIGTERM stops it cleanly (exit 0).
 */
import { createDatabase } from "../../src/server/ledger/engine";
import { outboxQueries } from "../../src/server/ledger/outbox";
import { createDestinations } from "../../src/server/outbox/destinations";
import { readConversions } from "../../src/server/outbox/settings";
import { createOutboxWorker } from "../../src/server/outbox/worker";

const env = process.env;
const handle = createDatabase({
  databaseUrl: env.XIA_TEST_DATABASE_URL || null,
  dataDir: env.XIA_TEST_DATA_DIR ?? "./data",
  busyTimeoutMs: 5_000,
  connectTimeoutMs: 5_000,
});
const worker = createOutboxWorker({
  outbox: outboxQueries(handle),
  destinations: createDestinations(readConversions(env), { timeoutMs: 5_000, batchSize: 5 }),
  intervalMs: Number(env.OUTBOX_TEST_INTERVAL_MS ?? 50),
  leaseMs: Number(env.OUTBOX_TEST_LEASE_MS ?? 1_000),
  claimSize: 20,
});
worker.start();
// The worker's timer is unref'd (in the site the HTTP server keeps the process alive): without
// this the child would print "ready" and exit at once, before its first pass.
const alive = setInterval(() => undefined, 60_000);
process.stdout.write("ready\n");
process.once("SIGTERM", () => {
  clearInterval(alive);
  void worker
    .stop()
    .then(() => handle.close())
    .then(() => process.exit(0));
});
