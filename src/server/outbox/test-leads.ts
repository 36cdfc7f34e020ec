/** A lead as the outbox tests use it: advertising consent, a Meta click. */
import type { Lead } from "../ledger/types";

export const clickedAt = new Date("2026-11-20T12:00:00.123Z");
export const consented: Lead = {
  code: "K7QMPR3X",
  createdAt: new Date("2026-11-20T12:05:00Z"),
  lang: "pt",
  path: "/segmentos/odontologia",
  segment: "odontologia",
  variant: "implante",
  plan: null,
  utm: { source: "facebook", medium: "cpc", campaign: "implante", term: null, content: null },
  clicks: { gclid: null, gbraid: null, wbraid: null, fbclid: "IwAR2F4-dbP0l7Mn1Iaw", fbclidAt: clickedAt },
};
