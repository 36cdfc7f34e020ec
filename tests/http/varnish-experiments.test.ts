/**
 * Experiments behind the CDN (issue 37 item 3, decision 098): through a real Varnish
 * (deploy/varnish.vcl) every arrival on an experiment's page reaches the origin (a miss each time,
 * the origin's `private, no-store`, and the origin's own draw: both arms among the answers, which a
 * cached answer could not give), while a page with a valid `xa` is fetched from the origin once and
 * then served from the cache (X-Varnish with two ids, an Age).
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { dentalExperiment } from "../fixtures";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { BROWSER_UA } from "../fixtures";
import { isHit, objectId, useVarnish } from "./varnish-wire";

const PATH = "/segmentos/odontologia";
const dir = mkdtempSync(join(tmpdir(), "varnish-experiments-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
writeFileSync(
  join(dir, "experiments.json"),
  // Running today in any time zone.
  JSON.stringify([dentalExperiment("dental", day(-2), day(30))]),
);
const { client } = useVarnish({
  FORCE_HTTPS: "true",
  SITE_URL: "https://www.xia.test",
  DATA_DIR: dir,
  EXPERIMENTS_FILE: join(dir, "experiments.json"),
});
const person = { "user-agent": BROWSER_UA, "sec-fetch-mode": "navigate", "sec-fetch-dest": "document" };
const armOf = (text: string) => /<body[^>]* data-xa="(dental\.[ab])"/.exec(text)?.[1];

describe("through Varnish: an experiment's page", { timeout: 30_000 }, () => {
  it("sends every arrival to the origin to be drawn, never from the cache", async () => {
    const c = client("arrivals.test", person);
    const arms = new Set<string>();
    // 16 arrivals: both arms unless the origin drew the same one 16 times (2 in 65,536).
    for (let i = 0; i < 16; i++) {
      const r = await c.cached(PATH);
      expect(r.status).toBe(200);
      expect(isHit(r), `arrival ${i}`).toBe(false);
      expect(r.headers["cache-control"]).toBe("private, no-store");
      expect(r.headers["set-cookie"]).toBeUndefined();
      arms.add(armOf(r.text)!);
    }
    expect([...arms].sort()).toEqual(["dental.a", "dental.b"]);
  });

  it("fetches an arm's page (a valid xa) from the origin once, then serves it from the cache", async () => {
    const c = client("arm.test", person);
    const first = await c.cached(`${PATH}?xa=dental.b`);
    expect(first.status).toBe(200);
    expect(isHit(first)).toBe(false);
    expect(first.headers["cache-control"]).toMatch(/^public/);
    expect(armOf(first.text)).toBe("dental.b");
    // Later requests: hits on the one object the first request fetched.
    const later = [await c.cached(`${PATH}?xa=dental.b`), await c.cached(`${PATH}?xa=dental.b`)];
    for (const r of later) {
      expect(isHit(r)).toBe(true);
      expect(r.headers.age).toBeDefined();
      expect(r.text).toBe(first.text);
    }
    expect(objectId(later[1])).toBe(objectId(later[0]));
    // The other arm is its own object: fetched once too.
    const other = await c.cached(`${PATH}?xa=dental.a`);
    expect(isHit(other)).toBe(false);
    expect(armOf(other.text)).toBe("dental.a");
  });
});
