/**
 * Test-only preload (`NODE_OPTIONS=--import …/request-ledger.mjs`): counts the HTTP requests this
 * process's servers received and how each ended, and prints one line to stderr when the process
 * exits: `request-ledger pid=P received=R finished=F cut=C` (cut: closed before its response was
 * complete). Each cluster worker prints its own. The shutdown test compares it with what its client
 * got: a client cannot tell a request the server dropped from one written onto a socket the server
 * had already closed (both are a reset on a reused socket), the server can.
 */
import { Server } from "node:http";

let received = 0;
let finished = 0;
let cut = 0;
const emit = Server.prototype.emit;
Server.prototype.emit = function (event, ...args) {
  if (event === "request") {
    received++;
    const res = args[1];
    res.once("finish", () => finished++);
    res.once("close", () => {
      if (!res.writableFinished) cut++;
    });
  }
  return emit.call(this, event, ...args);
};
process.once("exit", () =>
  process.stderr.write(`request-ledger pid=${process.pid} received=${received} finished=${finished} cut=${cut}\n`),
);
