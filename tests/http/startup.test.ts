import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runToExit, startBuiltSite, startServer, stop } from "../../scripts/lib";
import { ALL_CONVERSIONS_ENV, ALL_MEASUREMENT_ENV } from "../fixtures";
import { withoutNodeWarnings } from "./procfile";

/** Starts the built server (dist/server.js, as the Procfile does) with a bad variable; resolves when it exits. */
function start(env: Record<string, string>) {
  return runToExit(process.execPath, ["dist/server.js"], {
    env: { PATH: process.env.PATH, NODE_ENV: "production", ...env },
  });
}

// Nine short-lived processes, started together: each waits mostly on its own start.
describe.concurrent("start-up with a bad configuration", () => {
  it.for<[Record<string, string>, string]>([
    [{ PORT: "99999" }, "Configuration error: PORT must be a whole number from 0 to 65535"],
    [
      { APP_URL: "app.example.com" },
      "Configuration error: APP_URL must be an absolute URL such as https://example.com",
    ],
    [
      { CONTACT_EMAIL: "contato" },
      "Configuration error: CONTACT_EMAIL must be an e-mail address such as contato@example.com",
    ],
    [
      { TIME_ZONE: "Brasil/Sao_Paulo_X" },
      "Configuration error: TIME_ZONE must be an IANA time zone such as America/Sao_Paulo",
    ],
    [
      { FORCE_HTTPS: "true" },
      "Configuration error: SITE_URL must be set when FORCE_HTTPS is on in production: the HTTPS redirect takes the site's host from it, never from the request",
    ],
    // The conversions (decision 074): a token with a space, a webhook over plain HTTP, a pixel id of letters.
    [
      { META_PIXEL_ID: "1234567890", META_CAPI_TOKEN: "EAAG abc def ghi jkl mno pqr" },
      "Configuration error: META_CAPI_TOKEN must be a Conversions API access token: at least 20 characters, without spaces or quotes",
    ],
    [
      { LEADS_WEBHOOK_URL: "http://crm.example.com/hook", LEADS_WEBHOOK_SECRET: "whsec-0123456789abcdef" },
      "Configuration error: LEADS_WEBHOOK_URL must use https (http only to localhost, while developing), such as https://hooks.example.com/xia",
    ],
    [
      { META_PIXEL_ID: "pixelabcdefg", META_CAPI_TOKEN: "EAAGm0PX4ZCpsBAKZBZAtesttoken" },
      "Configuration error: META_PIXEL_ID must be a Meta Pixel ID: 10 to 20 digits",
    ],
    // A weak webhook key (decision 090's rule, like the report's password): long enough is not enough.
    [
      { LEADS_WEBHOOK_URL: "https://crm.example.com/hook", LEADS_WEBHOOK_SECRET: "s3cret-s3cret-s3cret" },
      "Configuration error: LEADS_WEBHOOK_SECRET must have at least 10 different characters (e.g. openssl rand -hex 16)",
    ],
  ])("%j stops with one line naming the variable", async ([env, line], { expect }) => {
    const run = await start(env);
    expect(run.status).toBe(1);
    // That line and nothing else, whatever runtime warning Node may print beside it.
    expect(withoutNodeWarnings(run.stderr)).toBe(line + "\n");
    expect(run.stdout).toBe("");
  });
});

const API_TOKEN = "api-token-3f9a1c7e5b2d8046aa19c3e7";

describe("start-up with everything configured", () => {
  it("serves pages at once and the report, the Google Ads file and the API once its store is open", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "xia-everything-"));
    const site = await startBuiltSite(
      {
        DATA_DIR: dataDir,
        ...ALL_MEASUREMENT_ENV,
        ...ALL_CONVERSIONS_ENV,
        LEADS_API_TOKEN: API_TOKEN,
        SALES_WHATSAPP: "5511987654321",
      },
      "dist/server.js",
      Infinity,
    );
    try {
      const get = (path: string, auth?: string) =>
        fetch(site.url + path, { headers: auth ? { authorization: auth } : {} }).then((r) => r.status);
      const basic = `Basic ${Buffer.from(`x:${ALL_CONVERSIONS_ENV.LEADS_REPORT_PASSWORD}`).toString("base64")}`;
      expect(await get("/")).toBe(200);
      expect(await get("/leads")).toBe(401);
      // 503 until the store is open (decision 067), then 200: never a crash.
      let report = 503;
      while (report === 503) report = await get("/leads", basic);
      expect(report).toBe(200);
      const google = `Basic ${Buffer.from(`x:${ALL_CONVERSIONS_ENV.GOOGLE_ADS_FILE_PASSWORD}`).toString("base64")}`;
      expect(await get("/api/conversions/google.csv", basic)).toBe(401);
      expect(await get("/api/conversions/google.csv", google)).toBe(200);
      expect(await get("/api/leads", `Bearer ${API_TOKEN}`)).toBe(200);
    } finally {
      await stop(site.proc);
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe("the start-up line names the ledger's engine (decision 091)", () => {
  it("the SQLite file, or PostgreSQL's host, port and database without the user or password", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "xia-engine-"));
    const line = async (env: Record<string, string>) => {
      const env0 = { PATH: process.env.PATH, NODE_ENV: "production", ...env };
      const run = await startServer(process.execPath, ["dist/server.js"], env0);
      try {
        return JSON.parse(
          run
            .stdout()
            .split("\n")
            .find((l) => l.includes('"msg":"started"'))!,
        ) as Record<string, unknown>;
      } finally {
        await stop(run.proc);
      }
    };
    try {
      const [sqlite, postgres] = await Promise.all([
        line({ DATA_DIR: dataDir }),
        line({ DATABASE_URL: "postgres://xia:s3cret-pass@127.0.0.1:1/leads_db" }),
      ]);
      expect(sqlite.ledger).toBe(`sqlite ${join(dataDir, "leads.sqlite")}`);
      expect(postgres.ledger).toBe("postgresql 127.0.0.1:1/leads_db");
      expect(JSON.stringify(postgres)).not.toMatch(/s3cret|xia:/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
