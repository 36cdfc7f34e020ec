import { describe, expect, it } from "vitest";
import type { LeadEvent } from "../ledger/types";
import { clickedAt, consented } from "./test-leads";
import { fbc, metaEvent, metaWants } from "./meta";

const event = (type: LeadEvent["type"], value: number | null = null, currency: string | null = null): LeadEvent => ({
  type,
  value,
  currency,
  at: new Date("2026-11-22T15:30:00Z"),
});

describe("Meta's events", () => {
  it("are wanted only with advertising consent and a Meta click, for a qualified lead or a sale with its value", () => {
    expect(metaWants(consented, event("qualified"))).toBe(true);
    expect(metaWants(consented, event("won", 1200, "BRL"))).toBe(true);
    expect(metaWants(consented, event("won"))).toBe(false);
    expect(metaWants(consented, event("created"))).toBe(false);
    expect(metaWants(consented, event("lost"))).toBe(false);
    expect(metaWants({ ...consented, clicks: null }, event("qualified"))).toBe(false);
    expect(metaWants({ ...consented, clicks: { ...consented.clicks!, fbclid: null } }, event("qualified"))).toBe(false);
  });

  it("build fbc from the fbclid and its click time in milliseconds", () => {
    expect(fbc("IwAR2F4", clickedAt)).toBe("fb.1.1795176000123.IwAR2F4");
  });

  it("name a qualified lead QualifiedLead and a sale Purchase, never the Pixel's Lead or Contact", () => {
    expect(metaEvent({ lead: consented, event: event("qualified") })).toEqual({
      event_name: "QualifiedLead",
      event_time: Date.parse("2026-11-22T15:30:00Z") / 1000,
      event_id: "K7QMPR3X.qualified",
      action_source: "chat",
      user_data: { fbc: "fb.1.1795176000123.IwAR2F4-dbP0l7Mn1Iaw" },
    });
    const sale = metaEvent({ lead: consented, event: event("won", 1200.5, "BRL") });
    expect(sale).toMatchObject({
      event_name: "Purchase",
      event_id: "K7QMPR3X.won",
      custom_data: { value: 1200.5, currency: "BRL" },
    });
  });
});
