/**
 * Test-only preload (`NODE_OPTIONS=--import …/shifted-clock.mjs`): sets this process's clock
 * (`Date`) from the file named by TEST_CLOCK_FILE, re-read whenever the file changes. The file
 * holds either a time the clock shows and stays at ("at 1798772397500", ms since the epoch: a
 * stopped clock the test moves) or an offset from real time ("1500"). The Varnish tests run the
 * built server with it to put the origin just before midnight and to move it past midnight when
 * they choose, while Varnish keeps real time. The application itself has no clock hook (decision
 * 019): nothing in dist/server.js reads this variable, so no production setting can move its clock.
 */
import { readFileSync, watchFile } from "node:fs";

const file = process.env.TEST_CLOCK_FILE;
if (file) {
  const RealDate = Date;
  /** The time this process's clock shows now. */
  let now = () => RealDate.now();
  const read = () => {
    let text = "";
    try {
      text = readFileSync(file, "utf8").trim();
    } catch {
      /* no file: real time */
    }
    const at = text.match(/^at (\d+)$/);
    if (at) {
      const time = Number(at[1]);
      now = () => time;
    } else {
      const offset = Number(text) || 0;
      now = () => RealDate.now() + offset;
    }
  };
  read();
  watchFile(file, { interval: 10, persistent: false }, read);
  // A function rather than a subclass, sharing Date.prototype: libraries that read Date.prototype
  // at load time (@date-fns/tz copies its methods) must see the real methods, and subclasses of
  // Date (TZDate) must still construct instances of themselves (Reflect.construct with new.target).
  function ShiftedDate(...args) {
    if (!new.target) return new RealDate(now()).toString();
    return Reflect.construct(RealDate, args.length === 0 ? [now()] : args, new.target);
  }
  Object.setPrototypeOf(ShiftedDate, RealDate);
  ShiftedDate.prototype = RealDate.prototype;
  ShiftedDate.now = () => now();
  globalThis.Date = ShiftedDate;
}
