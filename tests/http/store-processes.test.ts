/**
 * The store under the built server (issue 31 items 3, 4, 7): two servers of two workers each
 * starting together on one SQLite file and on one PostgreSQL database (one migration applied, all
 * serving); an outcome acknowledged by the API survives a SIGKILL right after; through Varnish
 * (deploy/varnish.vcl) the API reaches the origin with its query and is never cached; a lead whose
 * redirect was sent survives a SIGKILL right after.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { killGroup, startBuiltSite, stop, type Started } from "../../scripts/lib";
import { startVarnish, type Varnish } from "../../scripts/varnish";
import { createDatabase, type DatabaseSettings } from "../../src/server/ledger/engine";
import { MIGRATIONS } from "../../src/server/ledger/migrations/index";
import { createLedger } from "../../src/server/ledger/store";
import { BROWSER_UA } from "../fixtures";
import { readLocation } from "./follow-sales";
import { emptyDatabase, ENGINES, sampleLead } from "./store-fixture";
import { fetchRaw, isHit } from "./varnish-wire";

const TOKEN = "api-token-3f9a1c7e5b2d8046aa19c3e7";
const auth = { authorization: `Bearer ${TOKEN}` };

function envFor(settings: DatabaseSettings): Record<string, string> {
  return settings.databaseUrl
    ? { DATABASE_URL: settings.databaseUrl, LEADS_API_TOKEN: TOKEN, WEB_CONCURRENCY: "2" }
    : { DATA_DIR: settings.dataDir, LEADS_API_TOKEN: TOKEN, WEB_CONCURRENCY: "2" };
}

async function post(site: Started, path: string, body: unknown) {
  return fetch(`${site.url}${path}`, {
    method: "POST",
    headers: { ...auth, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
}

describe.each(ENGINES)("the built server on %s", (engine) => {
  let settings: DatabaseSettings;
  let dispose: () => void;
  const sites: Started[] = [];
  beforeAll(async () => {
    ({ settings, dispose } = await emptyDatabase(engine));
    // Both at once: four workers racing to migrate the same empty database.
    // Six Node processes starting at once on a shared two-core machine: the hook's timeout bounds them.
    const start = () => startBuiltSite(envFor(settings), "dist/server.js", Infinity);
    sites.push(...(await Promise.all([start(), start()])));
  }, 120_000);
  afterAll(async () => {
    for (const site of sites) {
      killGroup(site.proc);
      await stop(site.proc);
    }
    dispose?.();
  });

  it("two servers of two workers start together: one migration applied, every worker serving", async () => {
    for (const site of sites)
      await expect
        .poll(async () => (await fetch(`${site.url}/api/leads`, { headers: auth })).status, { timeout: 20_000 })
        .toBe(200);
    const database = createDatabase(settings);
    try {
      // Every migration applied once (one row each), whoever of the four workers applied it.
      const applied = await database.db.selectFrom("schema_migrations").select("version").orderBy("version").execute();
      expect(applied).toEqual(MIGRATIONS.map((m) => ({ version: m.version })));
    } finally {
      await database.close();
    }
  });

  it("an outcome acknowledged by the API survives a SIGKILL right after", async () => {
    // The test's own writes wait as long as a busy machine needs (the 250 ms limit is the redirect's).
    const store = createLedger(createDatabase(settings), { timeoutMs: 10_000 });
    try {
      const code = await store.createLead(sampleLead(), new Date());
      const [site] = sites;
      const res = await post(site, `/api/leads/${code}/events`, { type: "won", value: 10, currency: "BRL" });
      killGroup(site.proc); // the primary and its workers, at once, nothing flushed on the way out
      expect(res.status).toBe(201);
      expect(await store.findEvent(code, "won")).toMatchObject({ type: "won", value: 10, currency: "BRL" });
    } finally {
      await store.close();
    }
  });

  // Varnish's rule for the API does not depend on the engine behind the origin: checked once.
  if (engine === "sqlite")
    it("through Varnish, the API reaches the origin with its query and is never cached", async () => {
      const varnish: Varnish = await startVarnish(sites[1].port);
      try {
        for (let i = 0; i < 2; i++) {
          const r = await fetchRaw(varnish.url, "/api/leads?from=2026-01-01&to=2026-02-01", {
            host: "api.test",
            ...auth,
          });
          expect(r.status).toBe(200);
          expect(isHit(r)).toBe(false);
          expect(r.headers["cache-control"]).toBe("private, no-store");
          // TIME_ZONE days (America/Sao_Paulo by default), `to` included (decision 091).
          expect(JSON.parse(r.text)).toEqual({
            from: "2026-01-01T03:00:00.000Z",
            to: "2026-02-02T03:00:00.000Z",
            leads: [],
          });
        }
        expect((await fetchRaw(varnish.url, "/api/leads", { host: "api.test" })).status).toBe(401);
      } finally {
        await varnish.stop();
      }
    });

  it("a lead whose redirect was sent survives a SIGKILL right after", async () => {
    const site = sites[1];
    const link = "/sales?page=/segmentos/odontologia&utm_source=google&utm_campaign=killed";
    // Until a worker answers with a code (each one's store opens in the background, decision 067).
    let code: string | null = null;
    for (let i = 0; i < 50 && !code; i++) {
      // As a browser follows a link (decision 089); fetch() would send Sec-Fetch-Mode: cors itself.
      const res = await fetchRaw(site.url, link, {
        "user-agent": BROWSER_UA,
        "sec-fetch-mode": "navigate",
        "sec-fetch-dest": "document",
      });
      expect(res.status).toBe(303);
      code = readLocation(String(res.headers.location)).code;
    }
    killGroup(site.proc); // right after the 303 arrived: nothing flushed on the way out
    expect(code).not.toBeNull();
    const database = createDatabase(settings);
    try {
      const rows = await database.db
        .selectFrom("leads")
        .select(["code", "utm_source", "utm_campaign", "segment"])
        .where("code", "=", code!)
        .execute();
      expect(rows).toEqual([{ code, utm_source: "google", utm_campaign: "killed", segment: "odontology" }]);
    } finally {
      await database.close();
    }
  });
});
