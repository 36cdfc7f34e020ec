/**
 * Test-only preload (`NODE_OPTIONS=--import …/shifted-clock.mjs`): shifts this process's clock
 * (`Date`) by the number of milliseconds in the file named by TEST_CLOCK_FILE, re-read whenever the
 * file changes. The Varnish tests run the built server with it to put the origin a few seconds
 * before midnight while Varnish keeps real time. The application itself has no clock hook (decision
 * 019): nothing in dist/server.js reads this variable, so no production setting can move its clock.
 */
import { readFileSync, watchFile } from "node:fs";

const file = process.env.TEST_CLOCK_FILE;
if (file) {
  const RealDate = Date;
  let offset = 0;
  const read = () => {
    try {
      offset = Number(readFileSync(file, "utf8")) || 0;
    } catch {
      offset = 0;
    }
  };
  read();
  watchFile(file, { interval: 10, persistent: false }, read);
  globalThis.Date = class ShiftedDate extends RealDate {
    constructor(...args) {
      if (args.length === 0) super(RealDate.now() + offset);
      else super(...args);
    }
    static now() {
      return RealDate.now() + offset;
    }
  };
}
