/**
 * The ledger behind the CDN (issue 35 item 2, decision 088): through Varnish (deploy/varnish.vcl), a
 * sales link reaches the origin with its whole query (a 303 to wa.me with the lead's code, and no
 * click identifier of the visitor in it), and the marketer's report answers the period and grouping
 * asked for; neither is ever cached. A redirect that leaves the site never gets a query added.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { BROWSER_UA } from "../fixtures";
import { readLocation } from "./follow-sales";
import { isHit, useVarnish } from "./varnish-wire";

const PASSWORD = "Varnish-ledger-7-report";
const dataDir = mkdtempSync(join(tmpdir(), "varnish-ledger-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const { client } = useVarnish({
  FORCE_HTTPS: "true",
  SITE_URL: "https://www.xia.test",
  DATA_DIR: dataDir,
  SALES_WHATSAPP: "5511987654321",
  LEADS_REPORT_PASSWORD: PASSWORD,
});
const basic = `Basic ${Buffer.from(`marketing:${PASSWORD}`).toString("base64")}`;
const person = { "user-agent": BROWSER_UA, "sec-fetch-mode": "navigate", "sec-fetch-dest": "document" };
const CLICKS = "gclid=Cj0KCQiA-visitor&fbclid=IwAR2-visitor&fbclid_at=1";

describe("through Varnish: the ledger's paths", { timeout: 30_000 }, () => {
  it("sends a sales link to the origin whole: 303 to wa.me with the code, never the visitor's click ids", async () => {
    const c = client("sales.test");
    const codes = new Set<string>();
    for (const campaign of ["varnish-a", "varnish-b"]) {
      const path = `/sales?page=%2F&utm_source=google&utm_campaign=${campaign}&${CLICKS}`;
      const r = await c.cached(path, person);
      expect(r.status, path).toBe(303);
      expect(isHit(r), path).toBe(false);
      expect(r.headers["cache-control"]).toBe("private, no-store");
      const location = r.headers.location!;
      expect(new URL(location).host).toBe("wa.me");
      expect(location).not.toMatch(/gclid|fbclid|utm_/);
      const followed = readLocation(location);
      expect(followed.code, location).not.toBeNull();
      codes.add(followed.code!);
    }
    // Each click its own lead (nothing shared by the cache).
    expect(codes.size).toBe(2);
  });

  it("answers the report's period and grouping asked for, never from the cache", async () => {
    const c = client("report.test", { authorization: basic });
    const today = new Date().toISOString().slice(0, 10);
    const csv = async (query: string) => {
      const [cached, direct] = [await c.cached(`/leads.csv?${query}`), await c.direct(`/leads.csv?${query}`)];
      expect(cached.status, query).toBe(200);
      expect(isHit(cached), query).toBe(false);
      expect(cached.text, query).toBe(direct.text);
      return cached;
    };
    const byCampaign = await csv(`from=2026-01-01&to=2026-01-31&by=campaign`);
    expect(byCampaign.headers["content-disposition"]).toMatch(/leads-.*2026-01-01-2026-01-31\.csv/);
    const byLang = await csv(`from=2026-01-01&to=2026-01-31&by=lang`);
    expect(byLang.text).not.toBe(byCampaign.text);
    // The two sales clicks above, in today's period (TIME_ZONE's today may be UTC's yesterday).
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const recent = await csv(`from=${yesterday}&to=${today}&by=campaign`);
    expect(recent.text).toContain("varnish-a");
    expect(recent.text).toContain("varnish-b");
    // The HTML report too: its form shows the period asked for.
    const page = await c.cached(`/leads?from=2026-02-01&to=2026-02-28&by=lang`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('value="2026-02-01"');
    expect(page.text).toContain('value="2026-02-28"');
    // Without the password: the origin's 401, not a cached 200.
    expect((await client("report.test").cached(`/leads?from=2026-02-01`)).status).toBe(401);
  });

  it("never adds a visitor's parameters to a redirect that leaves the site", async () => {
    // Plain HTTP on a host that is not the site's: the origin's 308 goes to SITE_URL's host.
    const c = client("elsewhere.test", { "x-forwarded-proto": "http" });
    const r = await c.cached(`/?fbclid=visitor&utm_source=x`);
    expect(r.status).toBe(308);
    expect(r.headers.location).toBe("https://www.xia.test/");
  });
});
