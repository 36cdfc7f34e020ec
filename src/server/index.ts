/**
 * The process entry (Procfile: `web: NODE_ENV=production node dist/server.js`): validate the
 * configuration, listen on PORT, and on SIGTERM/SIGINT stop gracefully: finish in-flight requests
 * and exit 0 (forced exit 1 after 25 s, before the platform's SIGKILL at 30 s).
 */
import { createApp } from "./app";
import { ConfigError, loadConfig, placeholderWarnings, type Config } from "./config";
import { createLogger } from "./logger";
import { createSiteServer } from "./server";

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

const logger = createLogger(config.production);
if (config.production) for (const line of placeholderWarnings(config)) logger.warn(line);
const { server, shutdown } = createSiteServer(createApp({ config, logger }), logger);

server.listen(config.port, () => {
  logger.info("started", {
    port: config.port,
    node: process.version,
    env: config.production ? "production" : "development",
  });
  if (config.production && !process.env.SITE_URL)
    logger.info("SITE_URL is not set: canonical and preview URLs name localhost");
});

function stop(signal: NodeJS.Signals) {
  setTimeout(() => {
    logger.info("stopped", { reason: `${signal}: forced after 25 s` });
    process.exit(1);
  }, 25_000).unref();
  void shutdown(signal).then(() => {
    logger.info("stopped", { reason: signal });
    process.exit(0);
  });
}
process.once("SIGTERM", stop);
process.once("SIGINT", stop);
