/**
 * Trying the conversions locally (issue 35 item 8, decision 091): the receiver docs/conversions.md
 * shows, run as written (read from the markdown), receives the webhook and Meta's Conversions API
 * from the built server over plain http to localhost outside production, the server started with the
 * doc's own command's variables; nothing leaves the machine.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { killGroup, spawnTracked, startBuiltSite, stop } from "../../scripts/lib";
import { BROWSER_UA, consentFor, readLocation } from "./follow-sales";
import { fetchRaw } from "./varnish-wire";

const dir = mkdtempSync(join(tmpdir(), "xia-receiver-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const TOKEN = "api-token-3f9a1c7e5b2d8046aa19c3e7";

/** The docs' receiver, started on a port the OS picks; resolves with its port and a wait for a printed line. */
async function startReceiver() {
  const docs = readFileSync(new URL("../../docs/conversions.md", import.meta.url), "utf8");
  const section = docs.slice(docs.indexOf("## Trying it locally"));
  const code = /```js\n([\s\S]*?)```/.exec(section)![1];
  expect(code.trim().split("\n").length).toBeLessThanOrEqual(12);
  writeFileSync(join(dir, "receiver.mjs"), code);
  const proc = spawnTracked(process.execPath, [join(dir, "receiver.mjs")], {
    env: { PATH: process.env.PATH, PORT: "0" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let out = "";
  const waiters = new Set<() => void>();
  proc.stdout!.on("data", (c) => {
    out += c;
    for (const w of waiters) w();
  });
  const printed = (pattern: RegExp) =>
    new Promise<string>((resolve) => {
      const check = () => {
        const line = out.split("\n").find((l) => pattern.test(l));
        if (line === undefined) return;
        waiters.delete(check);
        resolve(line);
      };
      waiters.add(check);
      check();
    });
  const port = Number((await printed(/^listening on \d+/)).split(" ").at(-1));
  return { proc, port, printed };
}

/** The variables of the doc's `… npm start` block, with `port` for the receiver's 8787. */
function docsCommand(port: number): Record<string, string> {
  const docs = readFileSync(new URL("../../docs/conversions.md", import.meta.url), "utf8");
  const block = /```sh\n([\s\S]*?)```/.exec(docs.slice(docs.indexOf("## Trying it locally")))![1];
  const secret = randomBytes(16).toString("hex");
  const words = block.replace(/\\\n/g, " ").replace("$(openssl rand -hex 16)", secret).trim().split(/\s+/);
  expect(words.slice(-2)).toEqual(["npm", "start"]);
  return Object.fromEntries(
    words.slice(0, -2).map((word) => {
      const [, name, value] = /^([A-Z_]+)=(.+)$/.exec(word)!;
      return [name, value.replace(/:8787\b/, `:${port}`)];
    }),
  );
}

describe("the docs' local receiver", () => {
  it(
    "gets the webhook's lead.created and Meta's QualifiedLead over http://localhost",
    { timeout: 60_000 },
    async () => {
      const receiver = await startReceiver();
      // The doc's command as written (its variables, then `npm start`: the built server), the
      // receiver's port for 8787 and the secret `openssl rand -hex 16` would give.
      const env = {
        NODE_ENV: "development",
        DATA_DIR: join(dir, "data"),
        SALES_WHATSAPP: "5511987654321",
        LEADS_API_TOKEN: TOKEN,
        ...docsCommand(receiver.port),
      };
      expect(Object.keys(env)).toContain("META_CAPI_URL");
      const site = await startBuiltSite(env, "dist/server.js", Infinity).catch((e) => {
        killGroup(receiver.proc);
        throw e;
      });
      try {
        // The ledger opens in the background (decision 067): the API answers 503 until it has.
        const api = () => fetch(`${site.url}/api/leads`, { headers: { authorization: `Bearer ${TOKEN}` } });
        while ((await api()).status === 503);
        const link = `/sales?page=/&fbclid=IwAR2F4local&${consentFor(env)}`;
        // node:http, as a browser sends it (fetch() adds its own Sec-Fetch-Mode: cors).
        const res = await fetchRaw(site.url, link, {
          "user-agent": BROWSER_UA,
          "sec-fetch-mode": "navigate",
          "sec-fetch-dest": "document",
        });
        const { code } = readLocation(res.headers.location!);
        expect(code).not.toBeNull();
        const created = await receiver.printed(/^POST \/hook lead\.created /);
        expect(created).toContain(`"code":"${code}"`);
        const outcome = await fetch(`${site.url}/api/leads/${code}/events`, {
          method: "POST",
          headers: { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" },
          body: JSON.stringify({ type: "qualified" }),
        });
        expect(outcome.status).toBe(201);
        const meta = await receiver.printed(/^POST \/v\d+\.0\/1234567890\/events meta /);
        expect(meta).toContain("QualifiedLead");
        expect(meta).not.toContain("?access_token");
      } finally {
        await stop(site.proc);
        await stop(receiver.proc);
      }
    },
  );
});
