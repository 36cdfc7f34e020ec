/**
 * Response headers: helmet (configured) for the fixed ones, Permissions-Policy, and the
 * Content-Security-Policy, which allows no inline code except by hash: each page's inline <script>
 * and <style> contents are hashed when the page is rendered (pages are cached byte-identical, so
 * hashes rather than nonces), and the policy is built from those hashes by a plain function.
 */
import { createHash } from "node:crypto";
import type { RequestHandler } from "express";
import helmet from "helmet";

export interface InlineHashes {
  script: string[];
  style: string[];
}

const INLINE = /<(script|style)(?:\s[^>]*)?>([\s\S]*?)<\/\1>/g;

/** sha256 sources for every inline <script> (without src) and <style> in a document. */
export function inlineHashes(html: string): InlineHashes {
  const out: InlineHashes = { script: [], style: [] };
  for (const m of html.matchAll(INLINE)) {
    if (m[2] === "") continue;
    const source = `'sha256-${createHash("sha256").update(m[2], "utf8").digest("base64")}'`;
    const list = m[1] === "script" ? out.script : out.style;
    if (!list.includes(source)) list.push(source);
  }
  return out;
}

/** The hashes of a document cut in pieces, in document order, as inlineHashes() lists them for the whole. */
export function joinHashes(...pieces: InlineHashes[]): InlineHashes {
  const out: InlineHashes = { script: [], style: [] };
  for (const piece of pieces)
    for (const kind of ["script", "style"] as const)
      for (const source of piece[kind]) if (!out[kind].includes(source)) out[kind].push(source);
  return out;
}

const PERMISSIONS_POLICY = [
  "accelerometer=()",
  "autoplay=()",
  "camera=()",
  "display-capture=()",
  "encrypted-media=()",
  "fullscreen=()",
  "geolocation=()",
  "gyroscope=()",
  "magnetometer=()",
  "microphone=()",
  "midi=()",
  "payment=()",
  "picture-in-picture=()",
  "publickey-credentials-get=()",
  "screen-wake-lock=()",
  "sync-xhr=()",
  "usb=()",
  "xr-spatial-tracking=()",
  "interest-cohort=()",
  "browsing-topics=()",
].join(", ");

/**
 * Every header, on every response (one middleware: helmet's, plus Permissions-Policy). The CSP
 * here allows no inline code at all; pages replace it with their own, which adds their hashes.
 */
export function baseHeaders(): RequestHandler {
  const noInlineCsp = cspHeaderFor({ script: [], style: [] });
  const helmetHeaders = helmet({
    contentSecurityPolicy: false,
    strictTransportSecurity: { maxAge: 63_072_000, includeSubDomains: true },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    crossOriginOpenerPolicy: { policy: "same-origin" },
    crossOriginResourcePolicy: { policy: "same-origin" },
    crossOriginEmbedderPolicy: false,
    originAgentCluster: true,
    xFrameOptions: { action: "deny" },
    xPoweredBy: false,
  });
  return (req, res, next) => {
    res.setHeader("Permissions-Policy", PERMISSIONS_POLICY);
    res.setHeader("Content-Security-Policy", noInlineCsp);
    helmetHeaders(req, res, next);
  };
}

/**
 * The Content-Security-Policy header value for a page with these inline hashes: computed once per
 * cached page (or once per fresh render), never per response. Written out directive by directive
 * (helmet's CSP middleware sets a header per request; this value is stored with the page instead).
 */
export function cspHeaderFor(inline: InlineHashes): string {
  const directives: Array<[string, ...string[]]> = [
    ["default-src", "'none'"],
    ["script-src", "'self'", ...inline.script],
    ["style-src", "'self'", ...inline.style],
    ["img-src", "'self'", "data:"],
    ["font-src", "'self'"],
    ["connect-src", "'self'"],
    ["manifest-src", "'self'"],
    ["base-uri", "'none'"],
    ["form-action", "'self'"],
    ["frame-ancestors", "'none'"],
    ["object-src", "'none'"],
  ];
  return directives.map((d) => d.join(" ")).join(";");
}
