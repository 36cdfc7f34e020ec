/**
 * The CDN contract across the origin's midnight, through Varnish (deploy/varnish.vcl): the origin's
 * clock is stopped and moved by the test (tests/http/shifted-clock.mjs); Varnish keeps real time.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import IntlMessageFormat from "intl-messageformat";
import { afterAll, describe, expect, it } from "vitest";
import legal from "../../locales/legal.pt.json";
import { isHit, useVarnish, type Reply } from "./varnish-wire";

describe("through Varnish across the origin's midnight", () => {
  const clockDir = mkdtempSync(join(tmpdir(), "clock-"));
  const clockFile = join(clockDir, "clock");
  /**
   * The origin's clock, stopped at `time` until set again (tests/http/shifted-clock.mjs). Varnish
   * keeps real time; the test moves the origin past midnight when it chooses, so nothing below
   * depends on how fast this machine runs.
   */
  const setClock = (time: number) => writeFileSync(clockFile, `at ${time}`);

  /** Midnight of 31 December 2026 in São Paulo (TIME_ZONE's default). */
  const MIDNIGHT = new Date("2027-01-01T03:00:00Z").getTime();
  const lastUpdated = (date: string) => new IntlMessageFormat(legal["common.lastUpdated"], "pt-BR").format({ date });
  const OLD_DAY = lastUpdated("31/12/2026") as string;
  const NEW_DAY = lastUpdated("01/01/2027") as string;
  const dayOf = (r: Reply) => (r.text.includes(NEW_DAY) ? "new" : r.text.includes(OLD_DAY) ? "old" : undefined);
  const seconds = (r: Reply, name: string) =>
    Number(String(r.headers["cache-control"]).match(new RegExp(`${name}=(\\d+)`))?.[1] ?? 0);

  /** Sets the origin's clock and waits until it answers by it (it re-reads the file within ~10 ms). */
  async function moveOrigin(c: ReturnType<typeof client>, time: number) {
    setClock(time);
    const day = time < MIDNIGHT ? "old" : "new";
    const secondsLeft = Math.floor((MIDNIGHT + (time < MIDNIGHT ? 0 : 86_400_000) - time) / 1000);
    await expect
      .poll(async () => {
        const r = await c.direct("/privacy");
        return { day: dayOf(r), secondsLeft: seconds(r, "s-maxage") + seconds(r, "stale-while-revalidate") };
      })
      .toEqual({ day, secondsLeft });
  }

  setClock(new Date("2026-12-30T15:00:00Z").getTime());
  const { client } = useVarnish({
    NODE_OPTIONS: `--import=${fileURLToPath(new URL("./shifted-clock.mjs", import.meta.url))}`,
    TEST_CLOCK_FILE: clockFile,
  });
  afterAll(() => rmSync(clockDir, { recursive: true, force: true }));

  it("keeps the old day's page no longer than the day had left when the origin made it", async () => {
    const c = client("midnight.test", { "accept-encoding": "gzip" });
    await moveOrigin(c, MIDNIGHT - 2_500);
    const firstSent = performance.now();
    const first = await c.cached("/privacy");
    // Varnish received the page no later than this: its TTL and grace count from then at the latest.
    const receivedBy = performance.now();
    expect(dayOf(first)).toBe("old");
    expect(isHit(first)).toBe(false);
    // What the origin allowed: TTL plus grace, whole seconds certainly left in its day (2.5 s).
    const ttlMs = seconds(first, "s-maxage") * 1000;
    const lifetimeMs = ttlMs + seconds(first, "stale-while-revalidate") * 1000;
    expect(lifetimeMs).toBe(2_000);
    const secondSent = performance.now();
    const second = await c.cached("/privacy");
    expect(dayOf(second)).toBe("old");
    // Within the TTL counted from the earliest moment Varnish can have stored it, it is a hit.
    if (secondSent < firstSent + ttlMs) expect(isHit(second)).toBe(true);

    // The origin's day changes now; Varnish may keep the old page only for the time it was given.
    await moveOrigin(c, MIDNIGHT);
    const deadline = receivedBy + lifetimeMs;
    const samples: Array<{ sent: number; day: "old" | "new"; hit: boolean }> = [];
    while (samples.filter((s) => s.sent >= deadline).length < 20) {
      const sent = performance.now();
      const r = await c.cached("/privacy");
      expect(r.status).toBe(200);
      const day = dayOf(r);
      expect(day, `a page of neither day, ${Math.round(sent - receivedBy)} ms after the first answer`).toBeDefined();
      samples.push({ sent, day: day!, hit: isHit(r) });
    }
    // Past the life the origin gave it, no request got the old day's page.
    expect(samples.filter((s) => s.sent >= deadline && s.day === "old")).toEqual([]);
    // Once the new day's page came, no old one came back, and it was served from the cache from then on.
    const firstNew = samples.findIndex((s) => s.day === "new");
    expect(samples.slice(firstNew).filter((s) => s.day === "old")).toEqual([]);
    expect(samples.slice(firstNew + 1).filter((s) => !s.hit)).toEqual([]);
    const lastOld = Math.max(receivedBy, ...samples.filter((s) => s.day === "old").map((s) => s.sent));
    console.log(
      `midnight through Varnish: life given ${lifetimeMs} ms; last old-day page for a request sent ${Math.round(lastOld - receivedBy)} ms after the first answer; ${samples.length} requests after the origin's midnight, ${samples.filter((s) => s.day === "old").length} old (stale within the given life)`,
    );
  }, 30_000);

  it("leaves no mark from the day's last second: the first page after midnight is cached again at once", async () => {
    const c = client("last-second.test", { "accept-encoding": "gzip" });
    await moveOrigin(c, MIDNIGHT - 500);
    const last = await c.cached("/privacy");
    expect(dayOf(last)).toBe("old");
    expect(seconds(last, "s-maxage")).toBe(0);
    await moveOrigin(c, MIDNIGHT);
    const next = await c.cached("/privacy");
    expect(dayOf(next)).toBe("new");
    const again = await c.cached("/privacy");
    expect(dayOf(again)).toBe("new");
    expect(isHit(again)).toBe(true);
  });
});
