/**
 * Response headers: helmet (configured) for the fixed ones, Permissions-Policy, and the
 * Content-Security-Policy, which allows no inline code except by hash: each page's inline <script>
 * and <style> contents are hashed when the page is rendered (pages are cached byte-identical, so
 * hashes rather than nonces), and the policy is built from those hashes by a plain function.
 */
import { createHash } from "node:crypto";
import { IncomingMessage, ServerResponse } from "node:http";
import { Socket } from "node:net";
import type { RequestHandler } from "express";
import helmet from "helmet";
import type { Measurement } from "../shared/measurement";

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

/** A response on no connection that keeps each header set on it with its name as written. */
class HeaderRecorder extends ServerResponse {
  readonly written = new Map<string, string>();
  override setHeader(name: string, value: number | string | readonly string[]): this {
    this.written.set(name, String(value));
    return super.setHeader(name, value);
  }
  override removeHeader(name: string): void {
    for (const key of this.written.keys()) if (key.toLowerCase() === name.toLowerCase()) this.written.delete(key);
    super.removeHeader(name);
  }
}

/**
 * The headers every response carries, in the order they are set: Permissions-Policy, a CSP that
 * allows no inline code at all (pages replace it with their own, which adds their hashes), then
 * helmet's (configured here). The one definition of them: the middleware (baseHeaders) sets these,
 * and the raw answers Node's parser gives before any request exists (clientErrors.ts) write them as
 * header lines. Helmet's headers do not depend on the request, so it runs once, at start-up, on a
 * response that belongs to no connection, and what it set is read back with its names as written.
 */
export const SECURITY_HEADERS: ReadonlyArray<readonly [name: string, value: string]> = (() => {
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
  const res = new HeaderRecorder(new IncomingMessage(new Socket()));
  res.setHeader("Permissions-Policy", PERMISSIONS_POLICY);
  res.setHeader("Content-Security-Policy", cspHeaderFor({ script: [], style: [] }));
  helmetHeaders(res.req, res, () => {});
  return Object.freeze([...res.written]);
})();

/** Every header, on every response (SECURITY_HEADERS). */
export function baseHeaders(): RequestHandler {
  return (_req, res, next) => {
    for (const [name, value] of SECURITY_HEADERS) res.setHeader(name, value);
    next();
  };
}

/** SECURITY_HEADERS as lines of a raw HTTP/1.1 response head (each ending in CRLF). */
export function securityHeaderLines(): string {
  return SECURITY_HEADERS.map(([name, value]) => `${name}: ${value}\r\n`).join("");
}

/** Hosts a page may load from or send to, per directive, beyond its own origin. */
export type ThirdParty = Partial<Record<"script-src" | "img-src" | "connect-src", string[]>>;

/**
 * The hosts each configured measurement tool needs (decision 046), per Google's guide "Use Google
 * Tag Manager with a Content Security Policy" (GA4; the container; Google Ads, whose tags GTM
 * loads) and the Meta Pixel's own hosts (its script, and www.facebook.com, which it sends to).
 * Plausible: its script's origin, which it also posts events to. Nothing else, and never
 * 'unsafe-inline' or 'unsafe-eval': GTM's custom JavaScript variables need eval and stay off.
 * Only the landing pages get these; the legal and error pages load no script at all. Hosts are
 * written without a scheme, as Google's guide writes them: on an https page a host source matches
 * https only, and the first response has bytes to spare for none (decision 046).
 */
export function measurementSources(m: Measurement): ThirdParty {
  const sources: Required<ThirdParty> = { "script-src": [], "img-src": [], "connect-src": [] };
  const add = (directive: keyof ThirdParty, ...hosts: string[]) => {
    for (const host of hosts) if (!sources[directive].includes(host)) sources[directive].push(host);
  };
  if (m.ga4 || m.gtm) {
    add("script-src", "*.googletagmanager.com");
    add("img-src", "*.google-analytics.com", "*.googletagmanager.com");
    add("connect-src", "*.google-analytics.com", "*.analytics.google.com", "*.googletagmanager.com");
  }
  if (m.gtm) {
    // Google Ads conversion and remarketing tags, which a container commonly holds.
    add("script-src", "www.googleadservices.com", "googleads.g.doubleclick.net");
    add("img-src", "www.google.com", "googleads.g.doubleclick.net");
    add("connect-src", "www.google.com", "googleads.g.doubleclick.net");
  }
  if (m.metaPixel) {
    add("script-src", "connect.facebook.net");
    add("img-src", "www.facebook.com");
    add("connect-src", "www.facebook.com", "connect.facebook.net");
  }
  if (m.plausible) {
    // An https origin without its scheme, like the others (matches https only on an https page).
    const url = new URL(m.plausible.scriptUrl);
    const source = url.protocol === "https:" ? url.host : url.origin;
    add("script-src", source);
    add("connect-src", source);
  }
  return sources;
}

/**
 * The Content-Security-Policy header value for a page with these inline hashes (and, on the
 * landing pages, the measurement tools' hosts): computed once per cached page (or once per fresh
 * render), never per response. Written out directive by directive (helmet's CSP middleware sets a
 * header per request; this value is stored with the page instead).
 */
export function cspHeaderFor(inline: InlineHashes, thirdParty: ThirdParty = {}): string {
  const directives: Array<[string, ...string[]]> = [
    ["default-src", "'none'"],
    ["script-src", "'self'", ...inline.script, ...(thirdParty["script-src"] ?? [])],
    ["style-src", "'self'", ...inline.style],
    ["img-src", "'self'", "data:", ...(thirdParty["img-src"] ?? [])],
    ["font-src", "'self'"],
    ["connect-src", "'self'", ...(thirdParty["connect-src"] ?? [])],
    ["manifest-src", "'self'"],
    ["base-uri", "'none'"],
    ["form-action", "'self'"],
    ["frame-ancestors", "'none'"],
    ["object-src", "'none'"],
  ];
  return directives.map((d) => d.join(" ")).join(";");
}
