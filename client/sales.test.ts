import { describe, expect, it } from "vitest";
import { salesQuery } from "./sales";

describe("salesQuery: what a sales link gets at click time (decision 069)", () => {
  const session = "utm_source=ig&gclid=Cj0_a&utm_campaign=odonto%20BR&fbclid=IwAR1&gad_source=1&ttclid=x&utm_id=9";

  it("the five utm fields always, raw as kept; nothing else without advertising consent", () =>
    expect(salesQuery(session, false, "1700000000000")).toBe("utm_source=ig&utm_campaign=odonto%20BR"));

  it("with advertising consent, the click identifiers too, and the fbclid's arrival time", () =>
    expect(salesQuery(session, true, "1700000000000")).toBe(
      "utm_source=ig&gclid=Cj0_a&utm_campaign=odonto%20BR&fbclid=IwAR1&fbclid_at=1700000000000",
    ));

  it("no arrival time, or a malformed one, is left out; no fbclid, no time", () => {
    expect(salesQuery("fbclid=IwAR1", true, null)).toBe("fbclid=IwAR1");
    expect(salesQuery("fbclid=IwAR1", true, "soon<script>")).toBe("fbclid=IwAR1");
    expect(salesQuery("gclid=1", true, "1700000000000")).toBe("gclid=1");
  });

  it("an empty session adds nothing", () => expect(salesQuery("", true, "1")).toBe(""));
});
