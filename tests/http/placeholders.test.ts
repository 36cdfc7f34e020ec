/**
 * In production, each placeholder still in place (company, CNPJ, address, the example e-mail, the
 * DPO named by role only, the example app host) is reported by one warning line at start-up, and the site starts anyway.
 * Runs the built server (dist/server.js) as the Procfile does and reads what it writes.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { startServer } from "../../scripts/lib";
import { loadConfig, placeholderWarnings, SITE_URL_UNSET_WARNING } from "../../src/server/config";
import { CONFIGURED_ENV } from "../fixtures";
import { withoutNodeWarnings } from "./procfile";

const CONFIGURED = { ...CONFIGURED_ENV, SITE_URL: "https://www.xia.com.br" };

/** Starts the server, waits for "started", fetches / over "HTTPS" (as the router forwards it), stops it. */
async function run(env: Record<string, string>) {
  const site = await startServer(
    process.execPath,
    ["dist/server.js"],
    { PATH: process.env.PATH, DATA_DIR: mkdtempSync(join(tmpdir(), "xia-placeholders-")), ...env },
    { timeoutMs: Infinity },
  );
  try {
    const res = await fetch(`http://127.0.0.1:${site.port}/`, { headers: { "x-forwarded-proto": "https" } });
    return { stdout: site.stdout(), stderr: site.stderr(), status: res.status };
  } finally {
    site.proc.kill("SIGTERM");
    await site.exited;
  }
}

const warnings = (stdout: string) =>
  stdout
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as { level: string; msg: string })
    .filter((entry) => entry.level === "warn")
    .map((entry) => entry.msg);

describe("placeholder warnings at start-up", () => {
  it("production with the defaults: one warning line per placeholder, and the site still serves", async () => {
    const { stdout, stderr, status } = await run({ NODE_ENV: "production" });
    expect(status).toBe(200);
    // Nothing on stderr but what Node itself may print (a runtime warning): the warnings are log lines.
    expect(withoutNodeWarnings(stderr)).toBe("");
    const lines = warnings(stdout);
    // Exactly the lines placeholderWarnings() gives for the defaults (its unit test pins which ones),
    // then SITE_URL's: without it the HTTPS redirect is off (decision 043).
    expect(lines).toEqual([...placeholderWarnings(loadConfig({ NODE_ENV: "production" })), SITE_URL_UNSET_WARNING]);
    expect(lines).toHaveLength(7);
    // One line each: the JSON log holds one event per line.
    expect(stdout.match(/"level":"warn"/g)).toHaveLength(lines.length);
  });

  it("production with everything configured: no warning", async () => {
    const { stdout, status } = await run({ NODE_ENV: "production", ...CONFIGURED });
    expect(status).toBe(200);
    expect(warnings(stdout)).toEqual([]);
    expect(stdout).not.toContain('"level":"warn"');
  });

  it("production with only the address missing: that one warning", async () => {
    const { COMPANY_ADDRESS: _omitted, ...rest } = CONFIGURED;
    const { stdout } = await run({ NODE_ENV: "production", ...rest });
    expect(warnings(stdout).map((l) => l.split(" ")[0])).toEqual(["COMPANY_ADDRESS"]);
  });

  it("outside production: no warning (development runs on the defaults)", async () => {
    const { stdout, status } = await run({});
    expect(status).toBe(200);
    expect(stdout).not.toMatch(/^WARN /m);
  });
});
