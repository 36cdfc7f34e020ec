/**
 * Response headers (helmet, configured). The Content-Security-Policy allows no inline code except
 * by hash: each page's inline <script> and <style> contents are hashed when the page is rendered
 * (pages are cached byte-identical, so hashes rather than nonces), and the policy is set per
 * response from those hashes.
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

const hashesOf = (res: { locals: { inline?: InlineHashes } }) => res.locals.inline ?? { script: [], style: [] };

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

/** helmet's CSP middleware, reading the inline hashes from `res.locals.inline` (see cspHeaderFor). */
const contentSecurityPolicy: RequestHandler = helmet.contentSecurityPolicy({
  useDefaults: false,
  directives: {
    defaultSrc: ["'none'"],
    scriptSrc: ["'self'", (_req, res) => hashesOf(res as never).script.join(" ")],
    styleSrc: ["'self'", (_req, res) => hashesOf(res as never).style.join(" ")],
    imgSrc: ["'self'", "data:"],
    fontSrc: ["'self'"],
    connectSrc: ["'self'"],
    manifestSrc: ["'self'"],
    baseUri: ["'none'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    objectSrc: ["'none'"],
    upgradeInsecureRequests: null,
  },
});

/**
 * The CSP header value helmet produces for a page with these inline hashes: computed once per
 * cached page (or once per fresh render), never per response.
 */
export function cspHeaderFor(inline: InlineHashes): string {
  let value = "";
  const res = { locals: { inline }, setHeader: (_name: string, v: string) => void (value = v) };
  contentSecurityPolicy({} as never, res as never, () => {});
  // An empty hash list leaves "'self' ;": drop the dangling space.
  return value.replace(/ +;/g, ";");
}
