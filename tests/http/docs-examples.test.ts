/**
 * The examples of docs/campaigns.md, docs/leads.md and docs/conversions.md run as written (issue 35
 * item 7, decision 091): each is read from the markdown, not copied into the test, and checked
 * against what the site really sends: the `ref:` regexes against a real sales redirect's message,
 * the webhook example against the body the webhook builds for a lead the redirect recorded, the
 * log lines to watch in an outage against the logger calls in the source, the erasure notice against
 * the body the webhook builds for it, the variant lines against the catalogue and the experiments
 * file against the reader that starts the site.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createApp } from "../../src/server/app";
import { loadConfig } from "../../src/server/config";
import { erasureBody, webhookBody } from "../../src/server/outbox/webhook";
import { parseExperiments } from "../../src/server/experiments/settings";
import { fakeLeadStore } from "./fake-lead-store";
import { follow } from "./follow-sales";

const doc = (name: string) => readFileSync(new URL(`../../docs/${name}`, import.meta.url), "utf8");
/** The backticked regex a paragraph gives after `matches` / `message:`. */
const regexAfter = (text: string, marker: string) => {
  const at = text.indexOf(marker);
  expect(at, marker).toBeGreaterThanOrEqual(0);
  return new RegExp(/`(\^ref:[^`]+\$)`/.exec(text.slice(at))![1]);
};
/** The fenced blocks of a language in a markdown file. */
const blocks = (text: string, lang: string) =>
  [...text.matchAll(new RegExp("```" + lang + "\\n([\\s\\S]*?)```", "g"))].map((m) => m[1]);

/** A recorded sales click on the dental segment page with a variant, as a visitor makes it. */
async function recorded() {
  const store = fakeLeadStore();
  const app = createApp({ config: loadConfig({ SALES_WHATSAPP: "5511987654321" }), store });
  const followed = await follow(app, "/sales?page=/segmentos/odontologia&v=implante");
  return { followed, lead: store.leads[0] };
}

describe("the docs' examples, as written", () => {
  it("campaigns.md and leads.md: the ref: regex matches `ref: ODO-implante #CODE` and the message sent", async () => {
    const { followed } = await recorded();
    const last = followed.text.split("\n").at(-1)!;
    expect(followed.code).not.toBeNull();
    for (const [file, marker] of [
      ["campaigns.md", "For the sales team's WhatsApp automation"],
      ["leads.md", "For an automation reading the message"],
    ]) {
      const regex = regexAfter(doc(file), marker);
      expect(regex.exec("ref: ODO-implante #K7M2X9QP")?.slice(1, 3), file).toEqual(["ODO-implante", "K7M2X9QP"]);
      expect(regex.exec("ref: ODO")?.[1], file).toBe("ODO");
      expect(regex.exec(last)?.slice(1, 3), file).toEqual(["ODO-implante", followed.code]);
    }
    // leads.md's example message ends with such a line.
    expect(doc("leads.md")).toMatch(/\nref: ODO-implante #[A-HJKMNP-Z2-9]{8}\n/);
  });

  it("conversions.md: the webhook example is the body the site sends for that page", async () => {
    const { lead } = await recorded();
    const [example] = blocks(doc("conversions.md"), "json").map((b) => JSON.parse(b));
    const sent = webhookBody({
      lead: { ...lead, code: example.lead.code, createdAt: new Date(example.lead.createdAt) },
      event: { type: "won", value: 990, currency: "BRL", at: new Date(example.event.at) },
    });
    expect({ ...example.lead, utm: undefined }).toEqual({ ...sent.lead, utm: undefined });
    expect(Object.keys(example.lead.utm)).toEqual(Object.keys(sent.lead.utm));
    expect(example.lead.segment).toBe("odontology");
    expect(Object.keys(example)).toEqual(Object.keys(sent));
  });

  it("conversions.md: the erasure example is the body the site sends when that lead is erased", () => {
    const [, example] = blocks(doc("conversions.md"), "json").map((b) => JSON.parse(b));
    const sent = erasureBody({ erasure: { code: example.lead.code, at: new Date(example.event.at) } });
    expect(example).toEqual(sent);
  });

  it("campaigns.md: the variant lines are the catalogue's, and the experiments file starts the site", () => {
    const [variantLines, experiments] = blocks(doc("campaigns.md"), "json");
    const catalogue = JSON.parse(readFileSync(new URL("../../locales/variants/pt.json", import.meta.url), "utf8"));
    const lines = variantLines.trim().split("\n");
    expect(lines.length).toBe(2);
    for (const line of lines) {
      const [key, value] = JSON.parse(`[${line.replace(/,$/, "").replace('": "', '", "')}]`) as [string, string];
      // A value cut short with " …" is the start of the catalogue's.
      const cut = value.endsWith(" …") ? value.length - 2 : Infinity;
      expect(String(catalogue[key]).slice(0, cut), key).toBe(value.slice(0, cut));
    }
    const [parsed] = parseExperiments(JSON.parse(experiments));
    expect(parsed).toMatchObject({ id: "dental-headline", page: "odontology", start: "2026-12-01" });
  });

  it("leads.md: every log line it says to watch in an outage is one the server prints", () => {
    const text = doc("leads.md");
    const paragraph = text.slice(
      text.indexOf("**The database down**"),
      text.indexOf("\n\n", text.indexOf("**The database down**")),
    );
    const lines = [...paragraph.matchAll(/`(lead [a-z ,]+)`/g)].map((m) => m[1]);
    expect(lines.length).toBeGreaterThanOrEqual(3);
    const source = (dir: string): string[] =>
      readdirSync(dir).flatMap((f) => {
        const path = join(dir, f);
        return statSync(path).isDirectory()
          ? source(path)
          : /\.tsx?$/.test(f) && !f.includes(".test.")
            ? [readFileSync(path, "utf8")]
            : [];
      });
    const code = source(new URL("../../src/server", import.meta.url).pathname).join("\n");
    for (const line of lines) expect(code, line).toMatch(new RegExp(`logger\\??\\.(warn|error)\\("${line}"`));
  });
});
