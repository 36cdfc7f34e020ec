import { describe, expect, it } from "vitest";
import { consented } from "./test-leads";
import { webhookBody } from "./webhook";

describe("the webhook's body", () => {
  it("gives a corrected outcome its own id and says when it was corrected (decision 105)", () => {
    const at = new Date("2026-11-22T15:30:00Z");
    const correctedAt = new Date("2026-11-23T10:00:00Z");
    const body = webhookBody({
      lead: consented,
      event: { type: "lost", value: null, currency: null, at, correctedAt },
    });
    expect(body.id).toBe(`xia.K7QMPR3X.lost.corrected.${correctedAt.getTime()}`);
    expect(body.type).toBe("lead.lost");
    expect(body.event).toEqual({
      type: "lost",
      at: at.toISOString(),
      value: null,
      currency: null,
      correctedAt: correctedAt.toISOString(),
    });
  });

  it("carries the lead and the event, an id equal to the Idempotency-Key, and no click identifier", () => {
    const at = new Date("2026-11-22T15:30:00Z");
    const body = webhookBody({ lead: consented, event: { type: "won", value: 990, currency: "BRL", at } });
    expect(body).toEqual({
      id: "xia.K7QMPR3X.won",
      type: "lead.won",
      lead: {
        code: "K7QMPR3X",
        createdAt: "2026-11-20T12:05:00.000Z",
        lang: "pt",
        path: "/segmentos/odontologia",
        segment: "odontologia",
        variant: "implante",
        plan: null,
        utm: consented.utm,
      },
      event: { type: "won", at: "2026-11-22T15:30:00.000Z", value: 990, currency: "BRL" },
    });
    expect(JSON.stringify(body)).not.toContain("IwAR");
  });
});
