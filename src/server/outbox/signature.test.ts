import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { signatureHeader, verifySignature } from "./signature";

describe("the webhook signature", () => {
  const secret = "whsec-0123456789abcdef";
  const body = '{"id":"xia.K7QMPR3X.won"}';
  const at = new Date("2026-11-26T10:00:00Z");

  it("is t=<unix seconds>,v1=<hex HMAC-SHA256(secret, t.body)>", () => {
    const t = at.getTime() / 1000;
    const v1 = createHmac("sha256", secret).update(`${t}.${body}`).digest("hex");
    expect(signatureHeader(secret, body, at)).toBe(`t=${t},v1=${v1}`);
  });

  it("verifies, and refuses another body, secret, a replay after five minutes or garbage", () => {
    const header = signatureHeader(secret, body, at);
    expect(verifySignature(secret, body, header, at)).toBe(true);
    expect(verifySignature(secret, body + " ", header, at)).toBe(false);
    expect(verifySignature("another-secret-value", body, header, at)).toBe(false);
    expect(verifySignature(secret, body, header, new Date(at.getTime() + 301_000))).toBe(false);
    expect(verifySignature(secret, body, "t=abc,v1=zz", at)).toBe(false);
    expect(verifySignature(secret, body, undefined, at)).toBe(false);
  });
});
