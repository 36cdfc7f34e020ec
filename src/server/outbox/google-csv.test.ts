import { describe, expect, it } from "vitest";
import type { ClickIds, Lead, LeadEvent } from "../ledger/types";
import { GOOGLE_HEADER, googleConversionsCsv, googleTime } from "./googleCsv";

const now = new Date("2026-11-26T12:00:00Z");
const clicks: ClickIds = { gclid: null, gbraid: null, wbraid: null, fbclid: null, fbclidAt: null };
const lead = (code: string, ids: Partial<ClickIds> | null, daysAgo = 2): Lead => ({
  code,
  createdAt: new Date(now.getTime() - daysAgo * 86_400_000),
  lang: "pt",
  path: "/",
  segment: null,
  variant: null,
  plan: null,
  utm: { source: null, medium: null, campaign: null, term: null, content: null },
  clicks: ids && { ...clicks, ...ids },
});
const at = new Date("2026-11-25T18:04:05Z");
const qualified: LeadEvent = { type: "qualified", value: null, currency: null, at };
const won: LeadEvent = { type: "won", value: 1500, currency: "BRL", at };
const PASSWORD = { password: "not-used-by-the-file-0123" };
const names = { qualified: "Lead qualificado", won: "Venda, WhatsApp", ...PASSWORD };

describe("Google Ads' conversion file", () => {
  it("writes the time in TIME_ZONE with its offset", () => {
    expect(googleTime(at, "America/Sao_Paulo")).toBe("2026-11-25 15:04:05-03:00");
    expect(googleTime(at, "UTC")).toBe("2026-11-25 18:04:05+00:00");
  });

  it("has a row per configured event of a consented lead with a Google click, one click id per row", () => {
    const csv = googleConversionsCsv(
      [
        { ...lead("A", { gclid: "Cj0KCQ-abc_1" }), events: [{ ...qualified, type: "created" }, qualified, won] },
        { ...lead("B", { gbraid: "0AAAAA-gb" }), events: [qualified] },
        { ...lead("C", { wbraid: "CjwK-wb", gbraid: null }), events: [qualified] },
        { ...lead("D", null), events: [qualified, won] },
        { ...lead("E", { fbclid: "IwAR" }), events: [qualified] },
        { ...lead("F", { gclid: "old" }, 91), events: [qualified] },
        { ...lead("G", { gclid: "x=cmd|bad" }), events: [qualified] },
      ],
      names,
      "America/Sao_Paulo",
      now,
    );
    expect(csv.split("\r\n")).toEqual([
      GOOGLE_HEADER,
      "Cj0KCQ-abc_1,,,Lead qualificado,2026-11-25 15:04:05-03:00,,",
      'Cj0KCQ-abc_1,,,"Venda, WhatsApp",2026-11-25 15:04:05-03:00,1500.00,BRL',
      ",0AAAAA-gb,,Lead qualificado,2026-11-25 15:04:05-03:00,,",
      ",,CjwK-wb,Lead qualificado,2026-11-25 15:04:05-03:00,,",
      "",
    ]);
  });

  it("leaves out an event whose conversion name is not set", () => {
    const csv = googleConversionsCsv(
      [{ ...lead("A", { gclid: "Cj0" }), events: [qualified, won] }],
      { qualified: null, won: "Venda", ...PASSWORD },
      "UTC",
      now,
    );
    expect(csv.trim().split("\r\n")).toEqual([GOOGLE_HEADER, "Cj0,,,Venda,2026-11-25 18:04:05+00:00,1500.00,BRL"]);
  });

  it("never writes a formula a spreadsheet would run: a forged gclid gives no row, a name is defused (decision 090)", () => {
    const csv = googleConversionsCsv(
      [
        { ...lead("A", { gclid: "-2-3-A1" }), events: [won] },
        { ...lead("B", { gclid: "_x", gbraid: "+cmd" }), events: [won] },
        { ...lead("C", { gclid: "Cj0ok" }), events: [won] },
      ],
      { qualified: null, won: "=HYPERLINK(1)", ...PASSWORD },
      "UTC",
      now,
    );
    expect(csv.trim().split("\r\n")).toEqual([
      GOOGLE_HEADER,
      "Cj0ok,,,'=HYPERLINK(1),2026-11-25 18:04:05+00:00,1500.00,BRL",
    ]);
  });
});
