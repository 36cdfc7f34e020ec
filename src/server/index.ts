/**
 * The process entry (Procfile: `web: NODE_ENV=production node dist/server.js`): validate the
 * configuration, listen on PORT, and on SIGTERM/SIGINT stop gracefully: finish in-flight requests
 * and exit 0 (forced exit 1 after 25 s, before the platform's SIGKILL at 30 s). With
 * WEB_CONCURRENCY > 1 this process is the primary of that many workers (cluster.ts), each running
 * the part below `serve`.
 */
import cluster from "node:cluster";
import type { AddressInfo } from "node:net";
import { resolve } from "node:path";
import { createApp } from "./app";
import { FORCED_EXIT_MS, runPrimary, stopWhenPrimaryAsks } from "./cluster";
import { ConfigError, loadConfig, placeholderWarnings, SITE_URL_UNSET_WARNING, type Config } from "./config";
import { leadWarnings, type LeadSettings } from "./leads/settings";
import { SQLITE_FILE } from "./ledger/engine";
import { openLeadStore } from "./ledger/open";
import { createDestinations, runOutbox } from "./outbox/index";
import { createLogger } from "./logger";
import { createSiteServer } from "./server";
import { arrivalCounter } from "./experiments/arrivals";
import { flushArrivals } from "./experiments/flush";

let config: Config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    process.stderr.write(`Configuration error: ${error.message}\n`);
    process.exit(1);
  }
  throw error;
}

const { server: settings } = config;
const logger = createLogger(settings.production);
// Placeholders still in place in production: one warning line each, once (by the primary).
if (settings.production && cluster.isPrimary)
  for (const line of [...placeholderWarnings(config), ...leadWarnings(config.leads, true)]) logger.warn(line);

/**
 * Which database the ledger uses, for the start-up line (decision 091): `sqlite <absolute file>`
 * or `postgresql <host>:<port>/<database>`, never a user name or password.
 */
function describeLedger(settings: LeadSettings): string {
  if (!settings.databaseUrl) return `sqlite ${resolve(settings.dataDir, SQLITE_FILE)}`;
  const url = new URL(settings.databaseUrl);
  return `postgresql ${url.hostname || "localhost"}:${url.port || "5432"}${url.pathname || "/"}`;
}

/** `port` is the one bound: PORT, or the one the OS picked for PORT=0 (tests read it from this line). */
function logStarted(port: number, fields: Record<string, unknown> = {}) {
  logger.info("started", {
    port,
    node: process.version,
    env: settings.production ? "production" : "development",
    ledger: describeLedger(config.leads),
    ...fields,
  });
  if (settings.production && !settings.siteUrlSet) logger.warn(SITE_URL_UNSET_WARNING);
}

function serve() {
  // The lead ledger opens in the background: pages are served whatever the database does (decision 067).
  // Conversions (decision 075): the store enqueues what each destination wants; the worker sends it.
  const destinations = createDestinations(config.conversions);
  const store = openLeadStore(config.leads, { logger, destinations, timeZone: config.page.timeZone });
  const outbox = runOutbox(store, destinations, config.conversions, logger);
  // Experiments' arrivals (issue 37): counted in memory, added to the store every minute.
  const arrivals = arrivalCounter();
  const flusher = flushArrivals(arrivals, store, logger);
  const { server, shutdown } = createSiteServer(createApp({ config, logger, store, arrivals }), logger);
  server.listen(settings.port, () => {
    if (cluster.isPrimary) logStarted((server.address() as AddressInfo).port);
  });

  let stopping = false;
  function stop(reason: string) {
    if (stopping) return;
    stopping = true;
    setTimeout(() => {
      logger.info("stopped", { reason: `${reason}: forced after ${FORCED_EXIT_MS / 1000} s` });
      process.exit(1);
    }, FORCED_EXIT_MS).unref();
    void shutdown(reason)
      .then(() => outbox.stop())
      .then(() => flusher.stop())
      .then(() => store.close())
      .catch(() => undefined)
      .then(() => {
        // A worker's stop is reported once, by the primary.
        if (cluster.isPrimary) logger.info("stopped", { reason });
        process.exit(0);
      });
  }
  if (cluster.isWorker) stopWhenPrimaryAsks(stop);
  else {
    process.once("SIGTERM", stop);
    process.once("SIGINT", stop);
  }
}

if (cluster.isPrimary && settings.webConcurrency > 1)
  runPrimary({
    workers: settings.webConcurrency,
    logger,
    onStarted: (port) => logStarted(port, { workers: settings.webConcurrency }),
  });
else serve();
