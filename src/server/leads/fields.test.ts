import { describe, expect, it } from "vitest";
import { parseQuery } from "../../shared/query";
import { hasUtm, readClicks, readSalesQuery, readUtm, refererQuery } from "./fields";

const q = (s: string) => parseQuery(s);
const NOW = new Date("2026-11-26T12:00:00Z");

describe("readSalesQuery", () => {
  it("a known page gives its language and source; the message follows plan, footer or segment", () => {
    expect(readSalesQuery(q("page=/en&plan=enterprise"))).toMatchObject({
      lang: "en",
      path: "/en",
      source: { page: "home", variant: null },
      plan: { id: "enterprise" },
      message: { plan: "Enterprise" },
    });
    expect(readSalesQuery(q("page=/segmentos/odontologia"))?.message).toEqual({ segment: "odontology" });
    expect(readSalesQuery(q("page=/segmentos/odontologia&link=footer"))?.message).toEqual({ general: true });
    expect(readSalesQuery(q("page=/"))?.message).toEqual({ general: true });
  });

  it("an unknown or repeated page is none; an unknown variant, plan or link is dropped", () => {
    for (const s of ["", "page=", "page=/nope", "page=/&page=/en", "page=/EN", "page=%2F%00"])
      expect(readSalesQuery(q(s))).toBeNull();
    expect(readSalesQuery(q("page=/&v=nope&plan=gold&link=header"))).toMatchObject({
      source: { variant: null },
      plan: null,
      message: { general: true },
    });
  });
});

describe("readUtm, readClicks, refererQuery", () => {
  it("utm values: printable, at most 100, once", () => {
    const utm = readUtm(
      q(`utm_source=a%00b&utm_medium=${"x".repeat(101)}&utm_campaign=ok&utm_term=%E2%80%AE&utm_content=%20`),
    );
    expect(utm).toEqual({ source: null, medium: null, campaign: "ok", term: null, content: null });
    expect(hasUtm(readUtm(q("utm_source=a&utm_source=b")))).toBe(false);
  });

  it("click ids: their charset and at most 200; none valid is null", () => {
    expect(readClicks(q("gclid=a<b&fbclid=" + "x".repeat(201)), NOW)).toBeNull();
    expect(readClicks(q("wbraid=Cj-_9"), NOW)).toEqual({
      gclid: null,
      gbraid: null,
      wbraid: "Cj-_9",
      fbclid: null,
      fbclidAt: null,
    });
  });

  it("a same-origin Referer only, at most 4,096 characters", () => {
    const origins = ["https://www.xia.test"];
    expect(refererQuery("https://www.xia.test/?utm_source=x", origins)?.get("utm_source")).toEqual(["x"]);
    expect(refererQuery("https://evil.test/?utm_source=x", origins)).toBeNull();
    expect(refererQuery("not a url", origins)).toBeNull();
    expect(refererQuery(`https://www.xia.test/?${"a".repeat(5000)}`, origins)).toBeNull();
  });
});
