/**
 * docs/conversions.md's CRM recipe (issue 35 item 7): the Express receiver that verifies
 * `X-XIA-Signature`, read from the markdown and run as written in a process of its own, on a port
 * the OS picks. The site's own webhook destination sends it a lead's `lead.won` and the erasure
 * notice (both 2xx: delivered); a request whose body was changed, whose signature is another
 * secret's or whose timestamp is ten minutes old is refused (401). Nothing leaves the machine.
 */
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawnTracked, stop } from "../../scripts/lib";
import { signatureHeader } from "../../src/server/outbox/signature";
import { webhookBody, webhookDestination } from "../../src/server/outbox/webhook";
import { sampleLead } from "./store-fixture";

const SECRET = "whsec-7d2f9a4c1e8b6053";
const AT = new Date();
const lead = { ...sampleLead(), code: "K7QMPR3X", createdAt: new Date(AT.getTime() - 86_400_000) };
const won = { type: "won" as const, value: 990, currency: "BRL", at: AT };

const dir = mkdtempSync(join(tmpdir(), "xia-crm-"));
let proc: ReturnType<typeof spawnTracked>;
let url = "";

beforeAll(async () => {
  const docs = readFileSync(new URL("../../docs/conversions.md", import.meta.url), "utf8");
  const section = docs.slice(docs.indexOf("Verifying the signature"));
  writeFileSync(join(dir, "receiver.mjs"), /```js\n([\s\S]*?)```/.exec(section)![1]);
  // Its `import express` resolves to the repository's Express, as in a project that depends on it.
  symlinkSync(resolve("node_modules"), join(dir, "node_modules"), "dir");
  proc = spawnTracked(process.execPath, [join(dir, "receiver.mjs")], {
    env: { PATH: process.env.PATH, PORT: "0", LEADS_WEBHOOK_SECRET: SECRET },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let out = "";
  const port = await new Promise<string>((done, fail) => {
    proc.once("exit", (code) => fail(new Error(`the receiver exited (${code})`)));
    proc.stdout!.on("data", (chunk) => {
      out += chunk;
      const m = /^listening on (\d+)$/m.exec(out);
      if (m) done(m[1]);
    });
  });
  url = `http://localhost:${port}/xia`;
}, 30_000);
afterAll(async () => {
  if (proc) await stop(proc);
  rmSync(dir, { recursive: true, force: true });
});

/** A request as the site signs it, with `body` and the signature given. */
const post = (body: string, signature: string) =>
  fetch(url, { method: "POST", headers: { "content-type": "application/json", "x-xia-signature": signature }, body });

describe("docs/conversions.md's signature-checking receiver, as written", () => {
  it("takes what the site's webhook sends: an outcome and an erasure notice", async () => {
    const destination = webhookDestination({ url, secret: SECRET });
    const signal = AbortSignal.timeout(10_000);
    expect(await destination.send([{ id: 1, lead, event: won, attempts: 0 }], signal)).toEqual({ kind: "sent" });
    const erasure = { id: 2, erasure: { code: lead.code, at: AT }, attempts: 0 };
    expect(await destination.sendErasure!(erasure, signal)).toEqual({ kind: "sent" });
  });

  it("refuses a changed body, another secret's signature and an old timestamp", async () => {
    const body = JSON.stringify(webhookBody({ lead, event: won }));
    expect((await post(body, signatureHeader(SECRET, body, new Date()))).status).toBe(204);
    const changed = body.replace('"value":990', '"value":99000');
    expect((await post(changed, signatureHeader(SECRET, body, new Date()))).status).toBe(401);
    expect((await post(body, signatureHeader("whsec-another-0123456789", body, new Date()))).status).toBe(401);
    const old = new Date(Date.now() - 10 * 60_000);
    expect((await post(body, signatureHeader(SECRET, body, old))).status).toBe(401);
  });
});
