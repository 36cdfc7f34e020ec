/**
 * The Meta token and a destination's error text (issue 35 item 5, decision 090): the Conversions
 * API token travels in the body, never in the URL; an error answer that echoes a secret is stored,
 * logged and shown with it redacted. Against the local HTTPS stand-in: nothing leaves the machine.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Delivery } from "../../src/server/outbox/destination";
import { redact } from "../../src/server/outbox/destination";
import { metaDestination } from "../../src/server/outbox/meta";
import { webhookDestination } from "../../src/server/outbox/webhook";
import { startStandIn, type StandIn } from "./stand-in";
import { sampleLead } from "./store-fixture";

const TOKEN = "EAAGm0PX4ZCpsBAKZBZAsecret+token/42";
const SECRET = "whsec-0123456789abcdef";
let standIn: StandIn;
beforeAll(async () => void (standIn = await startStandIn()));
afterAll(() => standIn.close());

const delivery: Delivery = {
  id: 1,
  attempts: 0,
  lead: {
    ...sampleLead({
      clicks: { gclid: null, gbraid: null, wbraid: null, fbclid: "IwAR2F4", fbclidAt: new Date(Date.now() - 7e6) },
    }),
    code: "K7QMPR3X",
    createdAt: new Date(Date.now() - 3_600_000),
  },
  event: { type: "qualified", value: null, currency: null, at: new Date(Date.now() - 60_000) },
};

describe("secrets at the destinations", () => {
  it("Meta's token is in the body, not the URL; Meta's error echoing it is redacted", async () => {
    const meta = metaDestination(
      { pixelId: "1234567890", token: TOKEN, testEventCode: null, url: standIn.url, version: "v24.0" },
      { agent: standIn.agent },
    );
    standIn.respond = () => ({ status: 400, body: `{"error":{"message":"bad token ${TOKEN}","code":100}}` });
    const outcome = await meta.send([delivery], new AbortController().signal);
    const sent = standIn.received.at(-1)!;
    expect(sent.path).toBe("/v24.0/1234567890/events");
    expect(JSON.parse(sent.body).access_token).toBe(TOKEN);
    expect(outcome.kind).toBe("failed");
    expect(JSON.stringify(outcome)).not.toContain(TOKEN.slice(0, 12));
    expect(JSON.stringify(outcome)).toContain("[redacted]");
  });

  it("the webhook's secret echoed back is redacted too", async () => {
    const hook = webhookDestination({ url: `${standIn.url}/hook`, secret: SECRET }, { agent: standIn.agent });
    standIn.respond = () => ({ status: 500, body: `signature key ${SECRET} rejected` });
    const outcome = await hook.send([delivery], new AbortController().signal);
    expect(outcome.kind).toBe("retry");
    expect(JSON.stringify(outcome)).not.toContain(SECRET);
  });

  it("redacts what looks like a credential, whatever the destination", () => {
    expect(redact('{"access_token":"abc123","x":1} access_token=zzz&b=1 Authorization: Bearer tok.en')).toBe(
      '{"access_token":"[redacted]","x":1} access_token=[redacted]&b=1 Authorization: Bearer [redacted]',
    );
    expect(redact(`url ${encodeURIComponent(TOKEN)}`, [TOKEN])).toBe("url [redacted]");
  });
});
