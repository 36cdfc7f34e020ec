import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Deliveries } from "./Deliveries";

describe("the report's deliveries", () => {
  it("shows a stored error with any credential in it redacted (errors kept from before decision 090)", () => {
    const token = "EAAGm0PX4ZCpsBAKZBZAsecrettoken123";
    const lastError = `HTTP 400 GET https://graph.facebook.com/v24.0/1/events?access_token=${token}: Invalid`;
    const html = renderToString(
      <Deliveries
        deliveries={[{ destination: "meta", sent: 0, pending: 0, failed: 1, expired: 0, lastError }]}
        dead={[
          {
            destination: "meta",
            status: "failed",
            code: "K7QMPR3X",
            event: "won",
            attempts: 1,
            lastError,
            createdAt: new Date(),
          },
        ]}
        timeZone="America/Sao_Paulo"
        retry={{ action: "/leads/retry", csrf: "x" }}
        googleFetch={null}
        googleConfigured={false}
      />,
    );
    expect(html).not.toContain(token);
    expect(html.match(/access_token=\[redacted\]/g)).toHaveLength(2);
  });
});
