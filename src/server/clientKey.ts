/**
 * Who a request comes from, for per-client limits (the sales links' share of the lead budget,
 * decision 089; failed passwords and tokens, decision 090): `req.ip`, which Express takes from
 * `X-Forwarded-For` only across the `TRUST_PROXY` hops the operator declared (a client cannot forge
 * it past them). An IPv6 client is its /64 (one subscriber gets a whole /64, and rotates within
 * it); an IPv4-mapped IPv6 address is the IPv4 address. Never logged: the key is personal data.
 */
import type { Request } from "express";

export function clientKey(req: Request): string {
  const ip = (req.ip ?? req.socket.remoteAddress ?? "").toLowerCase();
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(ip);
  if (mapped) return mapped[1];
  if (!ip.includes(":")) return ip;
  // Expand `::` so that the first four groups are the /64.
  const [head, tail = ""] = ip.split("%")[0].split("::");
  const left = head ? head.split(":") : [];
  const right = ip.includes("::") && tail ? tail.split(":") : [];
  const groups = ip.includes("::") ? [...left, ...Array(8 - left.length - right.length).fill("0"), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}
