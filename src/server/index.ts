/**
 * The process entry (Procfile: `web: NODE_ENV=production node dist/server.js`): validate the
 * configuration, listen on PORT, and shut down gracefully on SIGTERM/SIGINT.
 */
import { createServer } from "node:http";
import { createApp } from "./app";
import { ConfigError, loadConfig, type Config } from "./config";
import { createLogger } from "./logger";

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
const app = createApp({ config, logger });
const server = createServer({ maxHeaderSize: 16 * 1024 }, app);

// The router keeps idle connections up to 90 s: ours must outlive that, or it sends requests into
// sockets we are closing. Slow or dribbling clients are cut off.
server.keepAliveTimeout = 95_000;
server.headersTimeout = 20_000;
server.requestTimeout = 30_000;

server.listen(config.port, () => {
  logger.info("listening", { port: config.port, node: process.version, env: config.production ? "production" : "development" });
});

let stopping = false;
function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info("shutting down", { reason: signal });
  // Stop accepting; let in-flight requests finish; idle keep-alive sockets close now.
  server.close((error) => {
    logger.info("stopped", { reason: signal, clean: !error });
    process.exit(error ? 1 : 0);
  });
  server.closeIdleConnections();
  // Busy keep-alive sockets close once their current response is done.
  const sweep = setInterval(() => server.closeIdleConnections(), 250);
  sweep.unref();
  // The platform sends SIGKILL after 30 s; leave before that, whatever is still open.
  setTimeout(() => {
    logger.info("stopped", { reason: `${signal}, forced after 25 s`, clean: false });
    server.closeAllConnections();
    process.exit(1);
  }, 25_000).unref();
}
process.on("SIGTERM", () => shutdown("SIGTERM"));
process.on("SIGINT", () => shutdown("SIGINT"));
