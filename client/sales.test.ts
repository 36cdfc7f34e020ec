import { describe, expect, it } from "vitest";
import { salesQuery } from "./sales";

describe("salesQuery: what a sales link gets at click time (decision 069)", () => {
  const session = "utm_source=ig&gclid=Cj0_a&utm_campaign=odonto%20BR&fbclid=IwAR1&gad_source=1&ttclid=x&utm_id=9";

  it("the five utm fields always, raw as kept; nothing else without advertising consent", () =>
    expect(salesQuery(session, null, "1700000000000")).toBe("utm_source=ig&utm_campaign=odonto%20BR"));

  it("with advertising consent, the click identifiers too, the fbclid's arrival time and the choice's version", () =>
    expect(salesQuery(session, "gtm+meta+meta-capi@2026-11", "1700000000000")).toBe(
      "utm_source=ig&gclid=Cj0_a&utm_campaign=odonto%20BR&fbclid=IwAR1&fbclid_at=1700000000000&consent=gtm%2Bmeta%2Bmeta-capi%402026-11",
    ));

  it("no arrival time, or a malformed one, is left out; no fbclid, no time", () => {
    expect(salesQuery("fbclid=IwAR1", "meta", null)).toBe("fbclid=IwAR1&consent=meta");
    expect(salesQuery("fbclid=IwAR1", "meta", "soon<script>")).toBe("fbclid=IwAR1&consent=meta");
    expect(salesQuery("gclid=1", "gtm", "1700000000000")).toBe("gclid=1&consent=gtm");
  });

  it("an empty session adds nothing, not even the consent", () => {
    expect(salesQuery("", "gtm", "1")).toBe("");
    expect(salesQuery("utm_source=ig", "gtm", "1")).toBe("utm_source=ig");
  });
});
