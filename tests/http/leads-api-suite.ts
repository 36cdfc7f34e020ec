/**
 * The outcomes API's every status on one engine (leads-api.test.ts: SQLite, leads-api-postgres.test.ts:
 * PostgreSQL), through createApp() with supertest, as the sales inbox or a CRM calls it.
 */
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../src/server/app";
import { loadConfig } from "../../src/server/config";
import type { Ledger } from "../../src/server/ledger/store";
import { openTestStore, sampleLead, type Engine } from "./store-fixture";

const TOKEN = "api-token-3f9a1c7e5b2d8046aa19c3e7";
const NOW = new Date("2026-11-20T12:00:00.000Z");
const auth = { Authorization: `Bearer ${TOKEN}` };

export function leadsApiSuite(engine: Engine) {
  describe(`the outcomes API on ${engine}`, () => {
    let store: Ledger;
    let app: ReturnType<typeof createApp>;
    let code: string;
    beforeAll(async () => {
      // A CRM and a Meta stand-in: what a correction queues (nothing is sent in this suite).
      const stand = (name: string, corrections: boolean) => ({
        name,
        wants: () => true,
        takesCorrections: corrections,
      });
      store = await openTestStore(engine, { destinations: [stand("crm", true), stand("meta", false)] });
      app = createApp({ config: loadConfig({ LEADS_API_TOKEN: TOKEN }), store, now: () => NOW });
      code = await store.createLead(sampleLead({ utm: { ...sampleLead().utm, campaign: '=HYPERLINK("x")' } }), NOW);
    });
    afterAll(() => store.close());
    const post = (path: string) => request(app).post(path).set(auth);

    it("does not exist without LEADS_API_TOKEN (the site's 404)", async () => {
      const bare = createApp({ config: loadConfig({}), store, now: () => NOW });
      for (const res of [
        await request(bare).get("/api/leads").set(auth),
        await request(bare).post(`/api/leads/${code}/events`).set(auth),
      ]) {
        expect(res.status).toBe(404);
        expect(res.type).toBe("text/html");
      }
    });

    it("401 with a wrong, missing or malformed token, before reading anything", async () => {
      for (const header of [
        undefined,
        `Bearer ${TOKEN}x`,
        `Bearer ${TOKEN.slice(1)}`,
        `Basic ${TOKEN}`,
        "Bearer ",
        TOKEN,
      ]) {
        const req = request(app).post(`/api/leads/${code}/events`).send({ type: "won" });
        const res = await (header === undefined ? req : req.set("Authorization", header));
        expect(res.status).toBe(401);
        expect(res.headers["www-authenticate"]).toMatch(/^Bearer/);
        expect(res.headers["cache-control"]).toBe("private, no-store");
      }
      expect((await request(app).get("/api/leads.csv")).status).toBe(401);
      expect((await request(app).delete(`/api/leads/${code}`)).status).toBe(401);
    });

    it("201 the first time, 200 with the first event kept the second time", async () => {
      const body = { type: "won", value: 4900.5, currency: "BRL", at: "2026-11-20T10:00:00-03:00" };
      const first = await post(`/api/leads/${code}/events`).send(body);
      expect(first.status).toBe(201);
      expect(first.headers["cache-control"]).toBe("private, no-store");
      const event = { type: "won", value: 4900.5, currency: "BRL", at: "2026-11-20T13:00:00.000Z" };
      expect(first.body).toEqual({ code, result: "recorded", event });
      const again = await post(`/api/leads/${code}/events`).send({ ...body, value: 1 });
      expect(again.status).toBe(200);
      expect(again.body).toEqual({ code, result: "duplicate", event });
      const qualified = await post(`/api/leads/${code}/events`).send({ type: "qualified" });
      expect(qualified.status).toBe(201);
      expect(qualified.body.event).toEqual({ type: "qualified", value: null, currency: null, at: NOW.toISOString() });
    });

    it("400 naming `at` for an outcome dated before its lead was created (issue 35), nothing stored", async () => {
      const early = await store.createLead(sampleLead(), NOW);
      const res = await post(`/api/leads/${early}/events`).send({ type: "qualified", at: "2026-11-20T08:59:59-03:00" });
      expect(res.status).toBe(400);
      expect(res.body.error).toMatch(/^at: /);
      expect(await store.findEvent(early, "qualified")).toBeNull();
      // At the lead's own time, accepted.
      expect((await post(`/api/leads/${early}/events`).send({ type: "qualified", at: NOW.toISOString() })).status).toBe(
        201,
      );
    });

    it("won and lost exclude each other: 409 naming `type`, the first outcome kept", async () => {
      const sold = await store.createLead(sampleLead(), NOW);
      expect((await post(`/api/leads/${sold}/events`).send({ type: "won", value: 10, currency: "BRL" })).status).toBe(
        201,
      );
      const lost = await post(`/api/leads/${sold}/events`).send({ type: "lost" });
      expect(lost.status).toBe(409);
      expect(lost.body.error).toMatch(/^type: /);
      const gone = await store.createLead(sampleLead(), NOW);
      expect((await post(`/api/leads/${gone}/events`).send({ type: "lost" })).status).toBe(201);
      expect((await post(`/api/leads/${gone}/events`).send({ type: "won", value: 10, currency: "BRL" })).status).toBe(
        409,
      );
      expect(await store.findEvent(sold, "lost")).toBeNull();
      expect(await store.findEvent(gone, "won")).toBeNull();
    });

    it("corrects an outcome with `correct: true`: replaced in place, `at` kept, only the CRM told again", async () => {
      const sold = await store.createLead(sampleLead(), NOW);
      const at = "2026-11-20T13:30:00.000Z";
      await post(`/api/leads/${sold}/events`).send({ type: "won", value: 4900, currency: "BRL", at }).expect(201);
      const value = await post(`/api/leads/${sold}/events`).send({
        type: "won",
        value: 490,
        currency: "BRL",
        correct: true,
      });
      expect(value.status).toBe(200);
      expect(value.body).toEqual({
        code: sold,
        result: "corrected",
        event: { type: "won", value: 490, currency: "BRL", at },
      });
      expect(await store.findEvent(sold, "won")).toMatchObject({ value: 490, at: new Date(at) });
      const lost = await post(`/api/leads/${sold}/events`).send({ type: "lost", correct: true });
      expect(lost.status).toBe(200);
      expect(await store.findEvent(sold, "won")).toBeNull();
      expect(await store.findEvent(sold, "lost")).toMatchObject({ type: "lost", at: new Date(at) });
      // A replaced outcome takes its deliveries with it: the CRM gets the lead and the last correction,
      // Meta nothing after the lead (no correction of a sent event there).
      const lease = new Date(Date.now() + 60_000); // the store stamps a correction with its own clock
      const crm = await store.outbox.load(await store.outbox.claim("crm", 1000, lease, lease));
      const mine = crm.filter((r) => "lead" in r && r.lead.code === sold);
      expect(mine.map((r) => "event" in r && [r.event.type, r.event.correctedAt !== undefined])).toEqual([
        ["created", false],
        ["lost", true],
      ]);
      const meta = await store.outbox.load(await store.outbox.claim("meta", 1000, lease, lease));
      expect(meta.filter((r) => "lead" in r && r.lead.code === sold).map((r) => "event" in r && r.event.type)).toEqual([
        "created",
      ]);
    });

    it("a correction needs an outcome to correct: 409 naming `correct`; 400 for another type", async () => {
      const open = await store.createLead(sampleLead(), NOW);
      const none = await post(`/api/leads/${open}/events`).send({ type: "lost", correct: true });
      expect(none.status).toBe(409);
      expect(none.body.error).toMatch(/^correct: /);
      expect(await store.findEvent(open, "lost")).toBeNull();
      const other = await post(`/api/leads/${open}/events`).send({ type: "qualified", correct: true });
      expect(other.status).toBe(400);
      expect(other.body.error).toMatch(/^correct: /);
      expect((await post(`/api/leads/${open}/events`).send({ type: "lost", correct: "yes" })).body.error).toMatch(
        /^correct: /,
      );
    });

    it("404 for an unknown or malformed code", async () => {
      for (const path of ["/api/leads/ZZZZZZZZ/events", "/api/leads/<script>/events", "/api/leads/abc/events"]) {
        const res = await post(path).send({ type: "lost" });
        expect(res.status).toBe(404);
        expect(res.text).not.toContain("script");
      }
    });

    it.each([
      [{ type: "sold" }, /^type:/],
      [{}, /^type:/],
      [{ type: "won", value: -1, currency: "BRL" }, /^value:/],
      [{ type: "won", value: "10", currency: "BRL" }, /^value:/],
      [{ type: "won", value: 1e13, currency: "BRL" }, /^value:/],
      [{ type: "won", value: 10 }, /^currency:/],
      [{ type: "won", value: 10, currency: "brl" }, /^currency:/],
      [{ type: "won", currency: "USD" }, /^value:/],
      [{ type: "lost", at: "yesterday" }, /^at:/],
      [{ type: "lost", at: "2027-01-01T00:00:00Z" }, /^at:/],
      [{ type: "lost", at: "2026-11-20T10:00:00" }, /^at:/],
      [{ type: "lost", "<b>": 1 }, /^body:/],
      [["won"], /^body:/],
      ["won", /^body:/],
    ])("400 naming the field for %j", async (body, error) => {
      const res = await post(`/api/leads/${code}/events`).send(body as object);
      expect(res.status).toBe(400);
      expect(res.body.error).toMatch(error);
      expect(res.text).not.toContain("<b>");
    });

    it("400 for JSON that does not parse, 413 for a body over 4 KB, 405 with Allow", async () => {
      const bad = await post(`/api/leads/${code}/events`).set("Content-Type", "application/json").send('{"type":');
      expect([bad.status, bad.body.error]).toEqual([400, "body: not valid JSON"]);
      const big = await post(`/api/leads/${code}/events`).send({ type: "lost", pad: "x".repeat(5000) });
      expect(big.status).toBe(413);
      const put = await request(app).put(`/api/leads/${code}/events`).set(auth);
      expect([put.status, put.headers.allow]).toEqual([405, "POST"]);
    });

    it("exports the range as JSON and as CSV (Accept or .csv), formulas defused", async () => {
      const json = await request(app).get("/api/leads?from=2026-11-20&to=2026-11-21").set(auth);
      expect(json.status).toBe(200);
      expect(json.headers["cache-control"]).toBe("private, no-store");
      const lead = json.body.leads.find((l: { code: string }) => l.code === code);
      expect(lead).toMatchObject({ code, createdAt: NOW.toISOString(), segment: "odontologia", clicks: null });
      expect(lead.events.map((e: { type: string }) => e.type)).toEqual(expect.arrayContaining(["created"]));
      for (const res of [
        await request(app).get("/api/leads?from=2026-11-20&to=2026-11-21").set(auth).set("Accept", "text/csv"),
        await request(app).get("/api/leads.csv?from=2026-11-20&to=2026-11-21").set(auth),
      ]) {
        expect(res.status).toBe(200);
        expect(res.type).toBe("text/csv");
        expect(res.headers["cache-control"]).toBe("private, no-store");
        const [header, row] = res.text.split("\r\n");
        expect(header.split(",")).toContain("utm_campaign");
        expect(row).toContain(`"${code}"`);
        expect(row).toContain(`"'=HYPERLINK(""x"")"`);
      }
      const empty = await request(app).get("/api/leads?from=2026-10-01&to=2026-10-02").set(auth);
      expect(empty.body.leads).toEqual([]);
    });

    it.each([
      ["from=2026-11-21&to=2026-11-20", /^from:/],
      ["from=2024-01-01&to=2026-11-20", /^from:/],
      ["from=<x>", /^from:/],
      ["to=tomorrow", /^to:/],
      ["from=2026-11-01&from=2026-11-02", /^query:/],
      ["limit=5", /^query:/],
    ])("400 for a bad range: %s", async (query, error) => {
      const res = await request(app).get(`/api/leads?${query}`).set(auth);
      expect(res.status).toBe(400);
      expect(res.body.error).toMatch(error);
      expect(res.text).not.toContain("<x>");
    });

    it("erases a lead: 204, then 404, and it is gone from the export", async () => {
      const doomed = await store.createLead(sampleLead(), NOW);
      expect((await request(app).delete(`/api/leads/${doomed}`).set(auth)).status).toBe(204);
      expect((await request(app).delete(`/api/leads/${doomed}`).set(auth)).status).toBe(404);
      expect((await post(`/api/leads/${doomed}/events`).send({ type: "lost" })).status).toBe(404);
      const codes = (await request(app).get("/api/leads?from=2026-11-20").set(auth)).body.leads.map(
        (l: { code: string }) => l.code,
      );
      expect(codes).not.toContain(doomed);
    });
  });
}
