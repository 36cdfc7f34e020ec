/**
 * With none of GA4_ID, GTM_ID, META_PIXEL_ID, PLAUSIBLE_DOMAIN (or PLAUSIBLE_SCRIPT_URL) set, the
 * site is byte for byte what it was before measurement existed (decision 044): every page's body
 * and headers (but Date) are compared with a golden recorded from the code before the feature
 * (commit 904bca9, the catalogues aside: it renders the same with or without the new keys).
 *
 * The assets are fixed stand-ins, so the golden depends on the render code and the catalogues
 * only, not on the built CSS or the client files' hashed names. A deliberate change to a page
 * (copy, markup) changes the golden too: regenerate it with
 *   UPDATE_GOLDEN=1 npx vitest run tests/http/no-measurement.test.ts
 * and check in the diff that nothing of measurement appears in it.
 */
import { build } from "esbuild";
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import request from "supertest";
import { describe, expect, it } from "vitest";
import { builds } from "../../build";
import { createApp } from "../../src/server/app";
import type { Assets } from "../../src/server/assets";
import { loadConfig } from "../../src/server/config";
import { NEW_YEARS_EVE } from "./helpers";

const GOLDEN = new URL("./golden/no-measurement.json", import.meta.url);

const assets: Assets = {
  css: {
    landing: "body{color:#123}",
    segment: "body{color:#123}",
    legal: "body{color:#123}",
    message: "body{color:#123}",
    consent: ".consent{color:#456}",
  },
  headScript: "void 0",
  mainScript: "/assets/main-GOLDEN.js",
  measuredScript: "/assets/measured-GOLDEN.js",
  islandsScript: "/assets/islands-GOLDEN.js",
  sprite: "/assets/icons-GOLDEN.svg",
  tagsScript: "/assets/tags-GOLDEN.js",
  assetsDir: "/nonexistent",
  publicDir: "/nonexistent",
};

const BASE_ENV = { SITE_URL: "https://www.xia-exemplo.com.br", SALES_WHATSAPP: "5511987654321" };
const REQUESTS: Array<[method: "get" | "post", path: string]> = [
  ["get", "/"],
  ["get", "/en"],
  ["get", "/es"],
  ["get", "/segmentos/odontologia"],
  ["get", "/privacy"],
  ["get", "/terms"],
  ["get", "/?leads=120&interactions=8"],
  ["get", "/es?leads=abc&interactions=8"],
  ["get", "/missing"],
  ["get", "/en/missing"],
  ["post", "/"],
];

type Snapshot = Record<string, { status: number; sha256: string; bytes: number; headers: Record<string, string> }>;

async function snapshot(env: Record<string, string>): Promise<Snapshot> {
  const app = createApp({ config: loadConfig({ ...BASE_ENV, ...env }), assets, now: () => NEW_YEARS_EVE });
  const out: Snapshot = {};
  for (const [method, path] of REQUESTS) {
    const res = await request(app)[method](path).set("Accept-Encoding", "identity");
    const body = Buffer.from(res.text ?? "");
    const headers = Object.fromEntries(
      Object.entries(res.headers as Record<string, string>).filter(([name]) => name !== "date"),
    );
    out[`${method.toUpperCase()} ${path}`] = {
      status: res.status,
      sha256: createHash("sha256").update(body).digest("hex"),
      bytes: body.length,
      headers,
    };
  }
  return out;
}

describe("nothing of measurement configured", () => {
  it("every page and its headers are byte for byte the golden from before the feature", async () => {
    const now = await snapshot({});
    // Only on request: a missing golden fails (readFileSync throws) rather than passing by writing one.
    if (process.env.UPDATE_GOLDEN) writeFileSync(GOLDEN, JSON.stringify(now, null, 2) + "\n");
    expect(now).toEqual(JSON.parse(readFileSync(GOLDEN, "utf8")));
  });

  it("the variables set but empty count as not set", async () => {
    const empty = await snapshot({
      GA4_ID: "",
      GTM_ID: " ",
      META_PIXEL_ID: "",
      PLAUSIBLE_DOMAIN: "",
      PLAUSIBLE_SCRIPT_URL: "",
    });
    expect(empty).toEqual(JSON.parse(readFileSync(GOLDEN, "utf8")));
  });
});

/**
 * The plain client entry, the one the page names when nothing is configured, built as build.ts
 * builds it: its minified bytes are those the code before measurement built (the sha256 below was
 * recorded from client/ and src/shared/ of commit a8df048, built with these options). A deliberate
 * change to the plain entry (client/main.ts and what it imports) changes it too: print the new
 * value with this test's failure message, check that nothing of measurement went into the plain
 * entry (client/measured.ts is where consent belongs), and update PLAIN_ENTRY_SHA256. Last changed
 * by decision 051: the entry reads the island markers from src/shared/islandMarkers.ts (3,287 →
 * 3,369 bytes; nothing of measurement added); then by decision 058: the query and <body>'s
 * attributes read through src/shared/query.ts and src/shared/pageData.ts (3,369 → 3,677 bytes);
 * then by decision 069: the entry adds the session's campaign fields to a sales link when it is
 * followed (client/sales.ts) and keeps the arrival time (nothing of measurement added: the click
 * identifiers need consent.ts to allow them); then by decision 079: src/shared/pageData.ts names
 * one more measurement attribute (`data-conversions`), which the plain entry does not read or
 * carry: the minifier names two of its functions the other way round, same 4,664 bytes; then by
 * decision 089: a sales link that gets click identifiers (only when consent.ts allows them, so
 * never from the plain entry) also gets `consent=<version>` (4,664 → 4,769 bytes; nothing of
 * measurement added: the version comes from consent.ts); then by issue 37 (decision 098): the entry
 * writes an experiment arm's `xa` from `<body data-xa>` into the address bar (client/arm.ts;
 * 4,769 → 4,985 bytes; nothing of measurement added).
 */
const PLAIN_ENTRY_SHA256 = "2ef796f2d296d9445ea33a82c34a312001b08294bba3250ba4c0379a8c9a37a1";

describe("the plain client entry", () => {
  it("builds to the same bytes as before measurement existed; the measured entry is another file", async () => {
    const result = await build({ ...builds.main, write: false, metafile: false });
    const js = (name: string) =>
      result.outputFiles.find((f) => new RegExp(`/${name}-[^/]+\\.js$`).test(f.path))!.contents;
    expect(createHash("sha256").update(js("main")).digest("hex")).toBe(PLAIN_ENTRY_SHA256);
    expect(Buffer.from(js("measured")).toString()).toContain("xia_consent");
    expect(Buffer.from(js("main")).toString()).not.toContain("xia_consent");
  });
});
