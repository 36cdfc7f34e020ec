import type { Request } from "express";
import { describe, expect, it } from "vitest";
import { clientKey } from "./clientKey";

const from = (ip: string) => clientKey({ ip, socket: {} } as unknown as Request);

describe("clientKey: who a request comes from, for per-client limits", () => {
  it("an IPv4 address is itself, also when mapped into IPv6", () => {
    expect(from("203.0.113.7")).toBe("203.0.113.7");
    expect(from("::ffff:203.0.113.7")).toBe("203.0.113.7");
  });
  it("an IPv6 client is its /64, whatever the spelling", () => {
    const key = from("2001:db8:1:2:aaaa:bbbb:cccc:dddd");
    expect(key).toBe("2001:db8:1:2::/64");
    expect(from("2001:DB8:1:2::1")).toBe(key);
    expect(from("2001:0db8:0001:0002:ffff::9")).toBe(key);
    expect(from("2001:db8:1:3::1")).not.toBe(key);
    expect(from("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(from("::1")).toBe("0:0:0:0::/64");
  });
});
