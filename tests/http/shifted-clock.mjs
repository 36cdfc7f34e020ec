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
  // A function rather than a subclass, sharing Date.prototype: libraries that read Date.prototype
  // at load time (@date-fns/tz copies its methods) must see the real methods, and subclasses of
  // Date (TZDate) must still construct instances of themselves (Reflect.construct with new.target).
  function ShiftedDate(...args) {
    if (!new.target) return new RealDate(RealDate.now() + offset).toString();
    return Reflect.construct(RealDate, args.length === 0 ? [RealDate.now() + offset] : args, new.target);
  }
  Object.setPrototypeOf(ShiftedDate, RealDate);
  ShiftedDate.prototype = RealDate.prototype;
  ShiftedDate.now = () => RealDate.now() + offset;
  globalThis.Date = ShiftedDate;
}
