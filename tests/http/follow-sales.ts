/**
 * Following a sales link as a browser would (decision 069): GET the href the page carries, read the
 * 303's Location as the visitor's WhatsApp message or e-mail subject, its `ref:` line and code.
 */
import request from "supertest";
import type { App } from "supertest/types";
import { expect } from "vitest";

import { loadConfig } from "../../src/server/config";
import { consentVersion } from "../../src/shared/measurement";
import { CONSENT_PARAM } from "../../src/shared/sales";
import { BROWSER_UA } from "../fixtures";

export { BROWSER_UA };

/** `ref: <REF>` and, when the lead was recorded, ` #<CODE>`: the line the sales inbox reads. */
export const REF_LINE = /(?:\n\n|^| \| )ref: ([A-Z]+(?:-[A-Za-z0-9-]+)?)(?: #([A-HJKMNP-Z2-9]{6,16}))?$/;

export interface Followed {
  location: string;
  /** The WhatsApp message (wa.me) or the e-mail subject (mailto). */
  text: string;
  ref: string;
  code: string | null;
}

/**
 * `consent=<version>`: what the client adds beside the click identifiers when the visitor accepted
 * advertising on a site configured with `env` (decision 089).
 */
export const consentFor = (env: Record<string, string>) => {
  const { measurement, conversions } = loadConfig(env).page;
  return `${CONSENT_PARAM}=${encodeURIComponent(consentVersion(measurement, conversions))}`;
};

/** Parses a Location the redirect sent. */
export function readLocation(location: string): Followed {
  const text = location.startsWith("mailto:")
    ? decodeURIComponent(location.slice(location.indexOf("subject=") + 8))
    : new URL(location).searchParams.get("text")!;
  const m = REF_LINE.exec(text);
  expect(m, `a ref line in ${JSON.stringify(text)}`).not.toBeNull();
  return { location, text, ref: m![1], code: m![2] ?? null };
}

/** GET `href` (as the page wrote it, entities decoded) like a browser; asserts the 303 and its caching. */
export async function follow(app: App, href: string, headers: Record<string, string> = {}): Promise<Followed> {
  const res = await request(app)
    .get(href)
    .set({ "User-Agent": BROWSER_UA, ...headers })
    .redirects(0);
  expect(res.status).toBe(303);
  expect(res.headers["cache-control"]).toBe("private, no-store");
  return readLocation(res.headers.location);
}

/** The message text before the ref line. */
export const messageOf = (f: Followed) => f.text.replace(REF_LINE, "");
