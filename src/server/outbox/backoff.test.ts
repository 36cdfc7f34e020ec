import { describe, expect, it } from "vitest";
import { MAX_RETRY_MS, parseRetryAfter, retryDelay } from "./backoff";

describe("retryDelay", () => {
  it("retries first within a minute, doubles, jitters between half and the whole step, caps at an hour", () => {
    expect(retryDelay(1, 0)).toBe(10_000);
    expect(retryDelay(1, 0.999_999)).toBeLessThanOrEqual(20_000);
    expect(retryDelay(2, 0.999_999) + retryDelay(1, 0.999_999)).toBeLessThanOrEqual(60_000);
    expect(retryDelay(3, 0)).toBe(40_000);
    expect(retryDelay(50, 0.999_999)).toBeLessThanOrEqual(MAX_RETRY_MS);
    expect(retryDelay(50, 0)).toBe(MAX_RETRY_MS / 2);
  });
});

describe("parseRetryAfter", () => {
  const now = new Date("2026-11-26T10:00:00Z");
  it("reads seconds and HTTP dates; nothing readable is null", () => {
    expect(parseRetryAfter("2", now)).toBe(2_000);
    expect(parseRetryAfter("Thu, 26 Nov 2026 10:00:30 GMT", now)).toBe(30_000);
    expect(parseRetryAfter("Thu, 26 Nov 2026 09:00:00 GMT", now)).toBe(0);
    expect(parseRetryAfter(undefined, now)).toBeNull();
    expect(parseRetryAfter("soon", now)).toBeNull();
    expect(parseRetryAfter("-1", now)).toBeNull();
    expect(parseRetryAfter("99999999", now)).toBe(24 * 60 * 60_000);
  });
});
