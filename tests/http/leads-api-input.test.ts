/**
 * The outcomes API reads what people paste (issue 35 item 7, decision 091): a code in any case, with
 * its `#` (or `%23`) and spaces, as the `ref:` line shows it; `from`/`to` days are days in TIME_ZONE,
 * both included, as the report reads them.
 */
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../src/server/app";
import { loadConfig } from "../../src/server/config";
import type { Ledger } from "../../src/server/ledger/store";
import { openTestStore, sampleLead } from "./store-fixture";

const TOKEN = "api-token-3f9a1c7e5b2d8046aa19c3e7";
const auth = { Authorization: `Bearer ${TOKEN}` };
const NOW = new Date("2026-11-22T12:00:00Z");
// 22:30 on the 20th in São Paulo, already the 21st in UTC.
const LATE_EVENING = new Date("2026-11-21T01:30:00Z");

describe("the outcomes API reads codes and days as people write them", () => {
  let store: Ledger;
  let app: ReturnType<typeof createApp>;
  beforeAll(async () => {
    store = await openTestStore("sqlite");
    const config = loadConfig({ LEADS_API_TOKEN: TOKEN, TIME_ZONE: "America/Sao_Paulo" });
    app = createApp({ config, store, now: () => NOW });
  });
  afterAll(() => store.close());

  it("a code in lower case, with its # (or %23) and spaces: the same lead", async () => {
    const code = await store.createLead(sampleLead(), LATE_EVENING);
    const spellings = [code.toLowerCase(), `%23${code}`, `%23${code.toLowerCase()}`, `%20%23${code}%20`];
    const statuses = [];
    for (const spelling of spellings)
      statuses.push(
        (await request(app).post(`/api/leads/${spelling}/events`).set(auth).send({ type: "qualified" })).status,
      );
    expect(statuses).toEqual([201, 200, 200, 200]);
    const answer = await request(app)
      .post(`/api/leads/%23${code.toLowerCase()}/events`)
      .set(auth)
      .send({ type: "lost" });
    expect(answer.body.code).toBe(code);
    expect((await request(app).delete(`/api/leads/%23${code.toLowerCase()}`).set(auth)).status).toBe(204);
    expect((await request(app).delete(`/api/leads/${code}`).set(auth)).status).toBe(404);
    // Still nothing but a code: another character is a 404.
    expect((await request(app).post(`/api/leads/%23%23${code}/events`).set(auth).send({ type: "lost" })).status).toBe(
      404,
    );
  });

  it("from/to days are TIME_ZONE days, both included, like the report's", async () => {
    const code = await store.createLead(sampleLead(), LATE_EVENING);
    const codes = async (query: string) => {
      const res = await request(app).get(`/api/leads?${query}`).set(auth);
      expect(res.status, query).toBe(200);
      return res.body.leads.map((l: { code: string }) => l.code);
    };
    expect(await codes("from=2026-11-20&to=2026-11-20")).toContain(code);
    expect(await codes("from=2026-11-21&to=2026-11-21")).not.toContain(code);
    expect(await codes("from=2026-11-19&to=2026-11-19")).not.toContain(code);
    // A date-time with its offset is that instant, as before.
    expect(await codes("from=2026-11-21T00:00:00Z&to=2026-11-21T02:00:00Z")).toContain(code);
  });
});
