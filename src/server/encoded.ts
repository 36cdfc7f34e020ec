/**
 * A body kept in every encoding it is sent in (cached pages, static files), with one strong ETag per
 * encoding (different bytes, different validator), and the one way such a body is sent: negotiated
 * encoding, `Vary: Accept-Encoding`, ETag, and 304 when Express's freshness check (req.fresh, which
 * reads lists, `*` and `W/` in If-None-Match) finds the client's copy current.
 */
import { createHash } from "node:crypto";
import type { Request, Response } from "express";
import type { Encoding } from "./compress";
import { negotiateEncoding } from "./encoding";

export interface Encoded {
  bodies: Partial<Record<Encoding, Buffer>> & { identity: Buffer };
  etags: Record<Encoding, string>;
}

const SUFFIX: Record<Encoding, string> = { identity: "", br: "-br", gzip: "-gz" };

/** The strong ETags of a body, one per encoding, from the hash of its uncompressed bytes. */
export function strongEtags(identity: Buffer): Record<Encoding, string> {
  const hash = createHash("sha256").update(identity).digest("base64url").slice(0, 22);
  const tag = (encoding: Encoding) => `"${hash}${SUFFIX[encoding]}"`;
  return { identity: tag("identity"), br: tag("br"), gzip: tag("gzip") };
}

export function encoded(bodies: Encoded["bodies"]): Encoded {
  return { bodies, etags: strongEtags(bodies.identity) };
}

/** Sends `body` in the best encoding it has that the client accepts (identity when none). */
export function sendEncoded(req: Request, res: Response, status: number, type: string, body: Encoded) {
  let encoding = negotiateEncoding(req);
  if (!body.bodies[encoding]) encoding = "identity";
  res.setHeader("Vary", "Accept-Encoding");
  res.setHeader("ETag", body.etags[encoding]);
  res.status(status);
  if (req.fresh) return void res.status(304).end();
  if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
  res.type(type).send(body.bodies[encoding]);
}
