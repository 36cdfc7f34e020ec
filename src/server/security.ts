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

type Locals = { inline?: InlineHashes };
const hashesOf = (res: { locals: Locals }) => res.locals.inline ?? { script: [], style: [] };

const PERMISSIONS_POLICY = [
  "accelerometer=()", "autoplay=()", "camera=()", "display-capture=()", "encrypted-media=()", "fullscreen=()",
  "geolocation=()", "gyroscope=()", "magnetometer=()", "microphone=()", "midi=()", "payment=()",
  "picture-in-picture=()", "publickey-credentials-get=()", "screen-wake-lock=()", "sync-xhr=()", "usb=()",
  "xr-spatial-tracking=()", "interest-cohort=()", "browsing-topics=()",
].join(", ");

/** Every header but the CSP, on every response (one middleware: helmet's, plus Permissions-Policy). */
export function baseHeaders(): RequestHandler {
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
    helmetHeaders(req, res, next);
  };
}


/**
 * The CSP, evaluated per response from `res.locals.inline` (set by the page handler before calling
 * it). Responses that are not pages (assets, robots.txt) get the same policy with no hashes.
 */
export const contentSecurityPolicy: RequestHandler = helmet.contentSecurityPolicy({
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
 * The CSP header value helmet produces for a page with these inline hashes, computed once when the
 * page is cached rather than on every response.
 */
export function cspHeaderFor(inline: InlineHashes): string {
  let value = "";
  const res = { locals: { inline }, setHeader: (_name: string, v: string) => void (value = v) };
  contentSecurityPolicy({} as never, res as never, () => {});
  return value;
}
