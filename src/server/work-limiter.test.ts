/**
 * The work limiter (decision 041) on fake connections and responses, its turns stepped by hand:
 * what starts when, with no network and no clock.
 */
import { EventEmitter } from "node:events";
import { describe, expect, it } from "vitest";
import { createWorkLimiter, MAX_IN_FLIGHT, MAX_QUEUED_PER_CONNECTION, PER_TURN } from "./workLimiter";

class FakeSocket extends EventEmitter {
  destroyed = false;
  paused = false;
  isPaused() {
    return this.paused;
  }
  pause() {
    this.paused = true;
  }
  resume() {
    this.paused = false;
  }
}

/** A limiter whose turns of the event loop run only when the test says so, and a log of started requests. */
function setup() {
  let pending: Array<() => void> = [];
  const limiter = createWorkLimiter((turn) => pending.push(turn));
  const started: string[] = [];
  const responses = new Map<string, EventEmitter>();
  return {
    started,
    /** A request `id` on `socket`: recorded as started when the limiter hands it on. */
    request(socket: FakeSocket, id: string) {
      const res = new EventEmitter();
      responses.set(id, res);
      limiter(socket, res, () => started.push(id));
    },
    finish: (id: string) => responses.get(id)!.emit("finish"),
    /** One turn of the event loop: runs what was deferred before it began. */
    turn() {
      const now = pending;
      pending = [];
      for (const run of now) run();
    },
  };
}

describe("createWorkLimiter", () => {
  it("starts a connection's requests one after another, the next only on a later turn", () => {
    const t = setup();
    const socket = new FakeSocket();
    for (const id of ["a", "b", "c"]) t.request(socket, id);
    expect(t.started).toEqual([]);
    t.turn();
    expect(t.started).toEqual(["a"]);
    t.turn();
    expect(t.started).toEqual(["a"]);
    t.finish("a");
    expect(t.started).toEqual(["a"]);
    t.turn();
    expect(t.started).toEqual(["a", "b"]);
    t.finish("b");
    t.turn();
    expect(t.started).toEqual(["a", "b", "c"]);
  });

  it(`starts at most ${PER_TURN} per turn and keeps ${MAX_IN_FLIGHT} in flight in all, first come first served`, () => {
    const t = setup();
    const ids = Array.from({ length: MAX_IN_FLIGHT + 3 }, (_, i) => `r${i}`);
    for (const id of ids) t.request(new FakeSocket(), id);
    t.turn();
    expect(t.started).toEqual(ids.slice(0, PER_TURN));
    for (let i = 0; i < 10; i++) t.turn();
    expect(t.started).toEqual(ids.slice(0, MAX_IN_FLIGHT));
    t.finish("r3");
    t.turn();
    expect(t.started).toEqual(ids.slice(0, MAX_IN_FLIGHT + 1));
  });

  it(`stops reading a connection with more than ${MAX_QUEUED_PER_CONNECTION} waiting, until one is left`, () => {
    const t = setup();
    const socket = new FakeSocket();
    const ids = Array.from({ length: MAX_QUEUED_PER_CONNECTION + 1 }, (_, i) => `q${i}`);
    for (const id of ids) t.request(socket, id);
    expect(socket.paused).toBe(false);
    t.request(socket, "last");
    expect(socket.paused).toBe(true);
    t.turn();
    for (const id of ids.slice(0, -2)) {
      t.finish(id);
      t.turn();
    }
    expect(socket.paused).toBe(true);
    t.finish(ids.at(-2)!);
    expect(socket.paused).toBe(false);
  });

  it("frees the place of a request whose client left, and skips the requests it had queued", () => {
    const t = setup();
    const gone = new FakeSocket();
    t.request(gone, "g1");
    t.request(gone, "g2");
    const others = Array.from({ length: MAX_IN_FLIGHT - 1 }, (_, i) => `o${i}`);
    for (const id of others) t.request(new FakeSocket(), id);
    for (let i = 0; i < 10; i++) t.turn();
    expect(t.started).toEqual(["g1", ...others]);
    t.request(new FakeSocket(), "late");
    t.turn();
    expect(t.started).not.toContain("late");
    // The client goes: its response never finishes, its close frees g1's place; g2 is not worked on.
    gone.destroyed = true;
    gone.emit("close");
    t.turn();
    t.turn();
    expect(t.started).toEqual(["g1", ...others, "late"]);
    t.finish("o0");
    t.turn();
    t.request(new FakeSocket(), "after");
    t.turn();
    expect(t.started).toEqual(["g1", ...others, "late", "after"]);
  });
});
