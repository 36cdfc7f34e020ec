/**
 * The report's "Experimentos" section (issue 37 item 6) on a known data set (SQLite; the numbers
 * themselves are held to mpmath in stats.test.ts and the JSON on both engines in the store suite):
 * what the marketer reads, status from the catalogue, E and r̂ with its interval as the page writes
 * them, per arm counts and value, the plan line; ledger rows under a hostile phase shown as nothing
 * but text (here: dropped, as the JSON drops them).
 */
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reportText } from "../../src/content/catalogue";
import { createApp } from "../../src/server/app";
import { loadConfig } from "../../src/server/config";
import type { Ledger } from "../../src/server/ledger/store";
import { parsePage, queriesIn, sectionOf, textOf } from "./dom";
import { declared } from "./experiments-store-suite";
import { openTestStore, sampleLead } from "./store-fixture";

const NOW = new Date("2026-12-10T15:00:00Z");
const PASSWORD = "Report-pass-2026-xyzQ";
const ID = "odonto-titulos";
const HOSTILE = `<script>alert(1)</script>"'&`;

describe("the report's Experimentos section", () => {
  let store: Ledger;
  let file: string;
  let config: ReturnType<typeof loadConfig>;

  beforeAll(async () => {
    const { writeFileSync } = await import("node:fs");
    file = `${process.env.TMPDIR ?? "/tmp"}/xia-experiments-report-${process.pid}.json`;
    writeFileSync(file, JSON.stringify(declared(ID)));
    config = loadConfig({ EXPERIMENTS_FILE: file, LEADS_REPORT_PASSWORD: PASSWORD });
    const { phase } = config.experiments[0];
    store = await openTestStore("sqlite");
    const lead = { ...sampleLead(), variant: null };
    for (const [arm, n] of [
      ["a", 20],
      ["b", 45],
    ] as const)
      for (let i = 0; i < n; i++) {
        const code = await store.createLead(lead, NOW, undefined, { experiment: ID, phase, arm });
        await store.recordEvent(code, { type: "qualified", value: null, currency: null, at: NOW });
        if (arm === "b" && i < 2) await store.recordEvent(code, { type: "won", value: 1500, currency: "BRL", at: NOW });
      }
    await store.addArrivals([
      { experiment: ID, phase, arm: "a", day: "2026-12-10", arrivals: 1000 },
      { experiment: ID, phase, arm: "b", day: "2026-12-10", arrivals: 1000 },
      // Rows no declared phase names (a hostile phase, a hostile experiment): never markup.
      { experiment: ID, phase: HOSTILE, arm: "a", day: "2026-12-10", arrivals: 7 },
      { experiment: HOSTILE, phase, arm: "a", day: "2026-12-10", arrivals: 7 },
    ]);
  });
  afterAll(async () => {
    await store?.close();
    (await import("node:fs")).rmSync(file, { force: true });
  });

  it("per phase: status, days, mismatch p, E against its threshold, r̂ with its interval, arms, plan", async () => {
    const app = createApp({ config, store, now: () => NOW });
    const res = await request(app).get("/leads").auth("marketing", PASSWORD);
    expect(res.status).toBe(200);
    expect(res.text).not.toContain("<script>alert(1)");
    const page = parsePage(res.text);
    const section = sectionOf(page.getByRole("heading", { level: 2, name: reportText("report.experiments.title") }));
    const phase = config.experiments[0].phase;
    const within = queriesIn(section);
    // One phase: the hostile ledger rows are no phase of a declared experiment.
    expect(within.getAllByRole("heading", { level: 3 }).map((h) => textOf(h))).toEqual([
      reportText("report.experiments.phase", { id: ID, phase }),
    ]);
    const terms = [...section.querySelectorAll("dt")].map((d) => textOf(d));
    const values = [...section.querySelectorAll("dd")].map((d) => textOf(d));
    expect(Object.fromEntries(terms.map((t, i) => [t, values[i]]))).toEqual({
      [reportText("report.experiments.status")]: reportText("report.experiments.status.too-early"),
      [reportText("report.experiments.days")]: "10",
      [reportText("report.experiments.srm")]: "1",
      // E = 26.5186 (mpmath), a winner from K/α = 20; r̂ = 45/20; interval [1.0271, 5.5026].
      [reportText("report.experiments.e", { threshold: 20 })]: "26,52",
      [reportText("report.experiments.ratio")]: "2,25 (de 1,03 a 5,5)",
    });
    const rows = [...section.querySelectorAll("tbody tr")].map((tr) => [...tr.children].map((c) => textOf(c)));
    expect(rows).toEqual([
      // …then leads, sales and value per 1,000 arrivals; no lead is 14 days old yet: the strict window is a dash.
      ["a", "1", "1.000", "20", "20", "0", "0", "20", "0", "0", "—"],
      ["b", "1", "1.000", "45", "45", "2", "3.000", "45", "2", "3.000", "—"],
    ]);
    // 65 qualified leads on the page in 8 weeks: 8.125 a week, 2× in 14 weeks, 1.5× in 41.
    expect(textOf(section)).toContain(reportText("report.experiments.plan", { perWeek: "8,13", double: 14, half: 41 }));
  });

  it("shows no section while no experiment is declared", async () => {
    const app = createApp({ config: loadConfig({ LEADS_REPORT_PASSWORD: PASSWORD }), store, now: () => NOW });
    const page = parsePage((await request(app).get("/leads").auth("marketing", PASSWORD)).text);
    expect(page.queryByRole("heading", { name: reportText("report.experiments.title") })).toBeNull();
  });
});
