/**
 * Bounded work before the app sees a request (decision 041): a connection's requests run one after
 * another (pipelined requests wait their turn instead of all rendering at once, and a connection
 * whose queue is long stops being read), at most MAX_IN_FLIGHT run at once in the process, and at
 * most PER_TURN start per turn of the event loop. No network here: server.ts hands it each request's
 * socket and response, the unit test hands it fakes (work-limiter.test.ts).
 */

/** Requests the process works on at once; the rest wait in arrival order (decision 041). */
export const MAX_IN_FLIGHT = 16;
/** A connection with more requests than this waiting is no longer read until they are answered. */
export const MAX_QUEUED_PER_CONNECTION = 8;
/** Requests started per turn of the event loop (decision 041). */
export const PER_TURN = 4;

/** What the limiter uses of a request's connection (a net.Socket in production). */
export interface LimitedConnection {
  readonly destroyed: boolean;
  isPaused(): boolean;
  pause(): unknown;
  resume(): unknown;
  once(event: "close", listener: () => void): unknown;
  off(event: "close", listener: () => void): unknown;
}

/** What the limiter uses of a response (an http.ServerResponse in production). */
export interface LimitedResponse {
  once(event: "finish" | "close", listener: () => void): unknown;
}

type Job = () => void;

/**
 * One request at a time per connection, MAX_IN_FLIGHT at a time in all, and at most PER_TURN
 * started per turn of the event loop. Requests are started from `defer` (setImmediate), never
 * straight from the previous response's end: a response written at once ends in process.nextTick,
 * so starting the next one there would run a whole pipelined queue without ever reading another
 * connection (a health check) in between; and a turn starts only a few, so a new connection waits
 * for a few requests' work at most, not for one of every busy connection.
 */
export function createWorkLimiter(defer: (turn: () => void) => void = setImmediate) {
  const perConnection = new WeakMap<LimitedConnection, { running: boolean; queue: Job[] }>();
  const ready: Job[] = [];
  let inFlight = 0;
  let scheduled = false;

  function pump() {
    scheduled = false;
    for (let started = 0; started < PER_TURN && ready.length > 0 && inFlight < MAX_IN_FLIGHT; started++) {
      inFlight++;
      ready.shift()!();
    }
    if (ready.length > 0 && inFlight < MAX_IN_FLIGHT) schedule();
  }
  function schedule() {
    if (scheduled) return;
    scheduled = true;
    defer(pump);
  }

  /** Runs `handle` for a request on `socket` once its turn comes; `res` ending frees its place. */
  return function run(socket: LimitedConnection, res: LimitedResponse, handle: Job): void {
    let state = perConnection.get(socket);
    if (!state) perConnection.set(socket, (state = { running: false, queue: [] }));
    const conn = state;
    const job: Job = () => {
      // Released once, by whichever comes first: the response finished or closed, or the client
      // gone (a queued response whose connection closed may never emit either).
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        socket.off("close", release);
        inFlight--;
        const next = conn.queue.shift();
        if (next) ready.push(next);
        else conn.running = false;
        if (conn.queue.length <= 1 && socket.isPaused()) socket.resume();
        schedule();
      };
      if (socket.destroyed) return release();
      res.once("finish", release);
      res.once("close", release);
      socket.once("close", release);
      handle();
    };
    if (conn.running) {
      conn.queue.push(job);
      if (conn.queue.length > MAX_QUEUED_PER_CONNECTION) socket.pause();
      return;
    }
    conn.running = true;
    ready.push(job);
    schedule();
  };
}
