/**
 * WEB_CONCURRENCY > 1: the primary process forks that many workers (node:cluster; each runs the
 * whole site on the shared port) and supervises them. A worker that dies unexpectedly is logged
 * and replaced at once; when deaths repeat, with a growing pause (0.5 s, 1 s, 2 s… up to 30 s, by
 * the number of deaths in the last minute), so a crash loop cannot spin the CPU. The other workers
 * keep serving meanwhile. On SIGTERM/SIGINT the primary asks every worker to stop (a message, not
 * a signal: a signal sent to the whole process group, as Ctrl-C does, is left to the primary) and
 * exits 0 once all have finished what they had. With WEB_CONCURRENCY=1 none of this runs.
 */
import cluster, { type Worker } from "node:cluster";
import type { Logger } from "./logger";

/** A stop not finished by then is forced (exit 1), before the platform's SIGKILL at 30 s. */
export const FORCED_EXIT_MS = 25_000;
const SHUTDOWN = "xia:shutdown";
const DEATH_WINDOW_MS = 60_000;
const MAX_PAUSE_MS = 30_000;

/** The pause before replacing a dead worker, given how many died in the last minute (this one included). */
export function replacementDelay(deathsInWindow: number): number {
  return deathsInWindow <= 1 ? 0 : Math.min(MAX_PAUSE_MS, 500 * 2 ** (deathsInWindow - 2));
}

export interface PrimaryOptions {
  workers: number;
  logger: Logger;
  /**
   * Called once, when every worker of the first generation listens, with the port they share (with
   * PORT=0 the OS picks it for the first worker; node:cluster gives the others the same one).
   */
  onStarted(port: number): void;
}

export function runPrimary({ workers, logger, onStarted }: PrimaryOptions): void {
  const live = new Set<Worker>();
  const deaths: number[] = [];
  const pendingForks = new Set<NodeJS.Timeout>();
  let listening = 0;
  let started = false;
  let stopping: string | undefined;
  let failed = false;

  const fork = () => {
    const worker = cluster.fork();
    live.add(worker);
    // An IPC error (a message to a worker that just died) must not crash the primary.
    worker.on("error", () => {});
  };

  // A worker asked to stop before it listens would miss the message (its handler is not set up
  // yet), so it is asked when it listens; until then it has accepted nothing.
  const askToStop = (worker: Worker) => {
    if (stopping && worker.isConnected()) worker.send({ cmd: SHUTDOWN, reason: stopping }, () => {});
  };
  const ready = new WeakSet<Worker>();

  cluster.on("listening", (worker, address) => {
    ready.add(worker);
    if (stopping) askToStop(worker);
    else if (started) logger.info("worker started", { pid: worker.process.pid });
    else if (++listening === workers) {
      started = true;
      onStarted(address.port);
    }
  });

  cluster.on("exit", (worker, code, signal) => {
    live.delete(worker);
    const how = `pid ${worker.process.pid}, ${signal ? `signal ${signal}` : `exit code ${code}`}`;
    if (stopping) {
      if (code !== 0) failed = true;
      if (live.size === 0) finish();
      return;
    }
    if (!started) {
      logger.error("worker failed to start", how);
      failed = true;
      stop("start-up failed");
      return;
    }
    const now = Date.now();
    deaths.push(now);
    while (deaths[0] < now - DEATH_WINDOW_MS) deaths.shift();
    const delay = replacementDelay(deaths.length);
    logger.error(
      "worker died",
      `${how}; replacing it${delay ? ` in ${delay} ms (${deaths.length} deaths in the last minute)` : ""}`,
    );
    const timer = setTimeout(() => {
      pendingForks.delete(timer);
      fork();
    }, delay);
    pendingForks.add(timer);
  });

  function stop(reason: string) {
    if (stopping) return;
    stopping = reason;
    for (const timer of pendingForks) clearTimeout(timer);
    logger.info("shutting down", { reason, workers: live.size });
    for (const worker of live) if (ready.has(worker)) askToStop(worker);
    setTimeout(() => {
      logger.info("stopped", { reason: `${reason}: forced after ${FORCED_EXIT_MS / 1000} s` });
      for (const worker of live) worker.process.kill("SIGKILL");
      process.exit(1);
    }, FORCED_EXIT_MS + 1_000).unref();
    if (live.size === 0) finish();
  }

  function finish() {
    logger.info("stopped", { reason: stopping });
    process.exit(failed ? 1 : 0);
  }

  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
  for (let i = 0; i < workers; i++) fork();
}

/**
 * In a worker: run `stop` when the primary asks. Signals are the primary's to handle: a signal to
 * the whole process group (Ctrl-C in a terminal, some platforms) reaches the workers too, and
 * stopping on it would race the primary's orderly stop.
 */
export function stopWhenPrimaryAsks(stop: (reason: string) => void): void {
  const ignore = () => {};
  process.on("SIGTERM", ignore);
  process.on("SIGINT", ignore);
  process.on("message", (message: { cmd?: string; reason?: string } | null) => {
    if (message?.cmd === SHUTDOWN) stop(message.reason ?? "primary");
  });
}
