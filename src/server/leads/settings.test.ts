import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../config";
import { EPHEMERAL_SQLITE_WARNING, leadWarnings, readLeadSettings } from "./settings";

const TOKEN = "api-token-3f9a1c7e5b2d8046aa19c3e7";

describe("lead settings", () => {
  it("default to SQLite under ./data, no API, 180 days", () => {
    expect(loadConfig({}).leads).toEqual({
      dataDir: "./data",
      dataDirSet: false,
      databaseUrl: null,
      apiToken: null,
      retentionDays: 180,
      perMinute: 60,
    });
  });

  it("read PostgreSQL, the token, the retention and DATA_DIR", () => {
    const env = {
      DATABASE_URL: "postgres://u:p@db:5432/x",
      LEADS_API_TOKEN: TOKEN,
      LEADS_RETENTION_DAYS: "30",
      DATA_DIR: "/var/x",
    };
    expect(readLeadSettings(env)).toEqual({
      dataDir: "/var/x",
      dataDirSet: true,
      databaseUrl: "postgres://u:p@db:5432/x",
      apiToken: TOKEN,
      retentionDays: 30,
      perMinute: 60,
    });
  });

  it.each([
    ["DATABASE_URL", "mysql://u:p@db/x"],
    ["DATABASE_URL", "not a url secret123"],
    ["LEADS_RETENTION_DAYS", "-7"],
    ["LEADS_RETENTION_DAYS", "12.5"],
    ["LEADS_RETENTION_DAYS", "forever"],
    // Number() reads these as 16, 1000 and 30: one parser, decimal digits only (issue 35).
    ["LEADS_RETENTION_DAYS", "0x10"],
    ["LEADS_RETENTION_DAYS", "1e3"],
    ["LEADS_RETENTION_DAYS", "30.0"],
    ["LEADS_PER_MINUTE", "0x10"],
    ["LEADS_API_TOKEN", "short"],
    ["LEADS_API_TOKEN", "a".repeat(32)],
    ["LEADS_API_TOKEN", `${TOKEN} with spaces`],
  ])("refuse a bad %s in one line naming it, without echoing the value", (name, value) => {
    const run = () => loadConfig({ [name]: value });
    expect(run).toThrow(ConfigError);
    expect(run).toThrow(new RegExp(`^${name} `));
    try {
      run();
    } catch (error) {
      expect((error as Error).message).not.toContain(value);
      expect((error as Error).message).not.toContain("\n");
    }
  });

  it("warn in production only when SQLite sits on the default directory", () => {
    expect(leadWarnings(readLeadSettings({}), true)).toEqual([EPHEMERAL_SQLITE_WARNING]);
    expect(leadWarnings(readLeadSettings({}), false)).toEqual([]);
    expect(leadWarnings(readLeadSettings({ DATA_DIR: "/data" }), true)).toEqual([]);
    expect(leadWarnings(readLeadSettings({ DATABASE_URL: "postgres://h/x" }), true)).toEqual([]);
  });
});
