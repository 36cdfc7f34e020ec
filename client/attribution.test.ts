import { describe, expect, it } from "vitest";
import {
  ATTRIBUTION_KEY,
  isAppHref,
  isAttributionName,
  MAX_VALUE_LENGTH,
  pickAttribution,
  sessionAttribution,
  withAttribution,
} from "./attribution";

describe("isAttributionName", () => {
  it.each(["utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content", "utm_id", "utm_source_platform"])(
    "%s is kept",
    (name) => expect(isAttributionName(name)).toBe(true),
  );
  it.each(["gclid", "gbraid", "wbraid", "gad_source", "gad_campaignid", "fbclid", "ttclid", "msclkid"])(
    "%s is kept",
    (name) => expect(isAttributionName(name)).toBe(true),
  );
  it.each(["utm_", "utm", "UTM_SOURCE", "lang", "leads", "ref", "email", "__proto__", "utm_<x>", "fbclid2"])(
    "%s is not",
    (name) => expect(isAttributionName(name)).toBe(false),
  );
});

describe("pickAttribution", () => {
  it("keeps the allowed pairs raw, in order, and drops the rest", () => {
    expect(pickAttribution("?utm_source=ig&leads=5&fbclid=AbC_123&email=a%40b.c")).toBe("utm_source=ig&fbclid=AbC_123");
  });

  it("keeps encoding exactly as it came (%20, +, %2B, unicode)", () => {
    const raw = "utm_campaign=ver%C3%A3o+2026%20%2B&utm_term=a%2Fb";
    expect(pickAttribution(raw)).toBe(raw);
  });

  it("the first occurrence of a name wins", () => {
    expect(pickAttribution("utm_source=a&utm_source=b&gclid=1")).toBe("utm_source=a&gclid=1");
  });

  it(`ignores values over ${MAX_VALUE_LENGTH} characters, empty values and names without a value`, () => {
    const long = "x".repeat(MAX_VALUE_LENGTH + 1);
    const max = "y".repeat(MAX_VALUE_LENGTH);
    expect(pickAttribution(`fbclid=${long}&gclid=${max}&utm_source=&utm_medium&ttclid=%20`)).toBe(`gclid=${max}`);
  });

  it("measures the decoded value, so an encoded value of 200 characters is kept", () => {
    const encoded = "%C3%A9".repeat(MAX_VALUE_LENGTH);
    expect(pickAttribution(`utm_content=${encoded}`)).toBe(`utm_content=${encoded}`);
  });

  it("drops malformed percent-encoding rather than passing it on", () => {
    expect(pickAttribution("utm_source=%E0%A4%A&gclid=ok")).toBe("gclid=ok");
  });

  it("accepts an encoded name and keeps it as it came", () => {
    expect(pickAttribution("utm%5Fsource=x")).toBe("utm%5Fsource=x");
  });

  it.each(["", "?", "?&&", "?=x", "?lang=en"])("%j gives nothing", (search) =>
    expect(pickAttribution(search)).toBe(""),
  );
});

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    data,
    sessionStorage: {
      getItem: (k: string) => data.get(k) ?? null,
      setItem: (k: string, v: string) => void data.set(k, v),
    },
  };
}

describe("sessionAttribution", () => {
  it("stores the URL's set on arrival and returns it", () => {
    const host = memoryStorage();
    expect(sessionAttribution("?utm_source=ig&fbclid=AbC_123", host)).toBe("utm_source=ig&fbclid=AbC_123");
    expect(host.data.get(ATTRIBUTION_KEY)).toBe("utm_source=ig&fbclid=AbC_123");
  });

  it("a later page without parameters gets the stored set", () => {
    const host = memoryStorage({ [ATTRIBUTION_KEY]: "utm_source=ig" });
    expect(sessionAttribution("", host)).toBe("utm_source=ig");
  });

  it("the first set seen in the session wins over a later URL's", () => {
    const host = memoryStorage({ [ATTRIBUTION_KEY]: "utm_source=ig" });
    expect(sessionAttribution("?utm_source=google&gclid=9", host)).toBe("utm_source=ig");
    expect(host.data.get(ATTRIBUTION_KEY)).toBe("utm_source=ig");
  });

  it("stores nothing when the URL has nothing", () => {
    const host = memoryStorage();
    expect(sessionAttribution("?leads=5", host)).toBe("");
    expect(host.data.size).toBe(0);
  });

  it("a stored value is checked again as if it came from a URL", () => {
    const host = memoryStorage({ [ATTRIBUTION_KEY]: "email=a@b.c&utm_source=ig" });
    expect(sessionAttribution("", host)).toBe("utm_source=ig");
  });

  it("storage that throws (even on access) gives the URL's set for this page", () => {
    const throwing = {
      get sessionStorage(): Storage {
        throw new DOMException("denied", "SecurityError");
      },
    };
    expect(sessionAttribution("?gclid=1", throwing)).toBe("gclid=1");
    const failingWrite = {
      sessionStorage: {
        getItem: () => null,
        setItem: () => {
          throw new DOMException("full", "QuotaExceededError");
        },
      },
    };
    expect(sessionAttribution("?gclid=2", failingWrite)).toBe("gclid=2");
  });
});

describe("isAppHref", () => {
  const app = "https://app.example.com/";
  it.each([
    ["https://app.example.com/", true],
    ["https://app.example.com/signup?x=1#a", true],
    ["https://app.example.com.evil.test/", false],
    ["http://app.example.com/", false],
    ["https://www.example.com/", false],
    ["mailto:contato@example.com", false],
    ["https://wa.me/5511987654321", false],
    ["not a url", false],
  ])("%s → %s", (href, expected) => expect(isAppHref(href, app)).toBe(expected));

  it("an APP_URL with a path only matches under that path", () => {
    expect(isAppHref("https://example.com/app/login", "https://example.com/app/")).toBe(true);
    expect(isAppHref("https://example.com/en", "https://example.com/app/")).toBe(false);
  });
});

describe("withAttribution", () => {
  it.each([
    ["https://app.example.com/", "https://app.example.com/?utm_source=ig&fbclid=AbC_123"],
    ["https://app.example.com/?ref=site", "https://app.example.com/?ref=site&utm_source=ig&fbclid=AbC_123"],
    ["https://app.example.com/?", "https://app.example.com/?utm_source=ig&fbclid=AbC_123"],
    ["https://app.example.com/#plans", "https://app.example.com/?utm_source=ig&fbclid=AbC_123#plans"],
  ])("%s → %s", (href, expected) => expect(withAttribution(href, "utm_source=ig&fbclid=AbC_123")).toBe(expected));

  it("nothing to add leaves the link alone", () => {
    expect(withAttribution("https://app.example.com/", "")).toBe("https://app.example.com/");
  });
});
