/**
 * Every `curl` of docs/leads.md run as written (issue 35 item 7): each block is parsed (method,
 * URL, headers, body) and sent with supertest to an in-process app with a SQLite ledger, in the
 * doc's order (outcome, correction, export, erasure), and answers the status its `# answers` line
 * says; so is the spend import's inline `curl -X PUT … --data-binary @report.csv` (a Google Ads
 * report of tests/http/spend/ as the file). Only the host, the token variable, the example code and
 * the file are swapped for the test's.
 */
import { readFileSync } from "node:fs";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../src/server/app";
import { loadConfig } from "../../src/server/config";
import type { Ledger } from "../../src/server/ledger/store";
import { openTestStore, sampleLead } from "./store-fixture";

const TOKEN = "docs-token-8c1e4a7f2b9d3056ee71";
const EXAMPLE_CODE = "7KQ2MZ4P";

interface Call {
  method: string;
  url: string;
  headers: [string, string][];
  body?: string | Buffer;
  status: number;
}

/** Shell words of one command (single and double quotes, backslash-newline joins). */
function words(command: string): string[] {
  const out: string[] = [];
  for (const m of command.replace(/\\\n/g, " ").matchAll(/'([^']*)'|"([^"]*)"|(\S+)/g)) out.push(m[1] ?? m[2] ?? m[3]);
  return out;
}

function parseCurl(block: string): Call {
  const status = Number(/^# answers (\d{3})$/m.exec(block)?.[1]);
  const [curl, ...args] = words(block.replace(/^#.*$/gm, ""));
  expect(curl).toBe("curl");
  const call: Call = { method: "GET", url: "", headers: [], status };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === "-X") call.method = args[++i];
    else if (arg === "-H") {
      const [name, ...value] = args[++i].split(":");
      call.headers.push([name.trim(), value.join(":").trim()]);
    } else if (arg === "-d") {
      call.body = args[++i];
      if (call.method === "GET") call.method = "POST";
    } else if (arg === "--data-binary") {
      // `@report.csv`: the file's bytes; the doc's file is a Google Ads daily report like this one.
      const file = args[++i];
      expect(file).toBe("@report.csv");
      call.body = readFileSync(new URL("./spend/google-ads.csv", import.meta.url));
      if (call.method === "GET") call.method = "POST";
    } else if (/^https?:\/\//.test(arg)) call.url = arg.replace("<site>", "www.example.com");
    else throw new Error(`curl option not understood: ${arg}`);
  }
  return call;
}

const doc = readFileSync(new URL("../../docs/leads.md", import.meta.url), "utf8");
const curls = [...doc.matchAll(/```sh\n(curl [\s\S]*?)```/g)].map((m) => parseCurl(m[1]));
/** The spend import's one-line curl (in the text, not a block): it answers 200 with the days replaced. */
const spendCurl = /`(curl -X PUT "https:\/\/<site>\/api\/spend[^`]*)`/.exec(doc);

describe("docs/leads.md's curl examples, as written", () => {
  let store: Ledger;
  let code: string;
  let app: ReturnType<typeof createApp>;
  beforeAll(async () => {
    store = await openTestStore("sqlite");
    // The lead exists before the example's sale (2026-11-20 14:30 in São Paulo); now is the day after.
    code = await store.createLead(sampleLead(), new Date("2026-11-20T12:00:00Z"));
    const config = loadConfig({ LEADS_API_TOKEN: TOKEN });
    app = createApp({ config, store, now: () => new Date("2026-11-21T12:00:00Z") });
  });
  afterAll(() => store.close());

  it("has the outcome, correction, export and erasure examples, each with its status", () => {
    expect(curls.map((c) => [c.method, new URL(c.url).pathname.replace(EXAMPLE_CODE, "<code>"), c.status])).toEqual([
      ["POST", "/api/leads/<code>/events", 201],
      ["POST", "/api/leads/<code>/events", 200],
      ["GET", "/api/leads.csv", 200],
      ["DELETE", "/api/leads/<code>", 204],
    ]);
  });

  it("answers each as the doc says, in order", async () => {
    for (const call of curls) {
      const url = new URL(call.url);
      const path = (url.pathname + url.search).replace(EXAMPLE_CODE, code);
      let req = request(app)[call.method.toLowerCase() as "get" | "post" | "delete"](path);
      for (const [name, value] of call.headers) req = req.set(name, value.replace("$LEADS_API_TOKEN", TOKEN));
      const res = await (call.body === undefined ? req : req.send(call.body));
      expect([call.method, call.url, res.status, res.text.slice(0, 200)]).toEqual([
        call.method,
        call.url,
        call.status,
        res.text.slice(0, 200),
      ]);
    }
    expect(await store.findEvent(code, "won")).toBeNull(); // erased by the last example
  });

  it("imports a spend report with the inline curl as written", async () => {
    expect(spendCurl, "docs/leads.md's curl -X PUT …/api/spend").not.toBeNull();
    const call = parseCurl(spendCurl![1]);
    const url = new URL(call.url);
    let req = request(app).put(url.pathname + url.search);
    expect(call.method).toBe("PUT");
    for (const [name, value] of call.headers) req = req.set(name, value.replace("$LEADS_API_TOKEN", TOKEN));
    const res = await req.send(call.body);
    expect([res.status, Object.keys(res.body)]).toEqual([200, ["source", "rows", "from", "to"]]);
    expect(res.body).toMatchObject({ source: "google", from: "2026-08-03" });
  });
});
