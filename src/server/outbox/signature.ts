/**
 * The CRM webhook's signature (decision 077), Stripe's scheme: `X-XIA-Signature: t=<unix seconds>,
 * v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`. The timestamp is signed with the body, so a receiver
 * that refuses old timestamps (five minutes) refuses replays; `verifySignature` is what docs/leads.md
 * shows a receiver doing, kept here so the example is tested.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

export const SIGNATURE_HEADER = "X-XIA-Signature";
export const DEFAULT_TOLERANCE_S = 300;

export function signatureHeader(secret: string, body: string, at: Date): string {
  const t = Math.floor(at.getTime() / 1000);
  const v1 = createHmac("sha256", secret).update(`${t}.${body}`).digest("hex");
  return `t=${t},v1=${v1}`;
}

/** True when `header` signs `body` with `secret` and its time is within `toleranceS` of `now`. */
export function verifySignature(
  secret: string,
  body: string,
  header: string | undefined,
  now: Date = new Date(),
  toleranceS = DEFAULT_TOLERANCE_S,
): boolean {
  const parts = Object.fromEntries((header ?? "").split(",").map((p) => p.trim().split("=", 2)));
  const t = Number(parts.t);
  if (!/^\d+$/.test(parts.t ?? "") || Math.abs(now.getTime() / 1000 - t) > toleranceS) return false;
  const expected = createHmac("sha256", secret).update(`${t}.${body}`).digest();
  const given = Buffer.from(/^[0-9a-f]{64}$/.test(parts.v1 ?? "") ? parts.v1 : "", "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}
