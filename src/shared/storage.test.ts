import { describe, expect, it } from "vitest";
import { landingHref, langFromQuery } from "./languages";
import { readSavedLang, saveLang } from "./storage";

function memoryHost() {
  const data = new Map<string, string>();
  return {
    data,
    localStorage: {
      getItem: (k: string) => data.get(k) ?? null,
      setItem: (k: string, v: string) => void data.set(k, v),
    },
  };
}
const throwingHost = {
  get localStorage(): never {
    throw new DOMException("The operation is insecure.", "SecurityError");
  },
};

describe("storage wrapper", () => {
  it("saves and reads the language under xia_lang", () => {
    const host = memoryHost();
    expect(saveLang("es", host)).toBe(true);
    expect(host.data.get("xia_lang")).toBe("es");
    expect(readSavedLang(host)).toBe("es");
  });

  it("ignores values that are not a language", () => {
    const host = memoryHost();
    host.data.set("xia_lang", "fr");
    expect(readSavedLang(host)).toBeNull();
  });

  it("treats storage that throws on access as empty", () => {
    expect(readSavedLang(throwingHost)).toBeNull();
    expect(saveLang("en", throwingHost)).toBe(false);
  });
});

describe("language choice", () => {
  it.each([
    ["en", "en"],
    ["es", "es"],
    ["pt", "pt"],
    [undefined, "pt"],
    ["EN", "pt"],
    ["fr", "pt"],
    ["", "pt"],
    [["en"], "pt"],
  ] as const)("?lang=%j → %s", (value, lang) => expect(langFromQuery(value)).toBe(lang));

  it("gives each language its path and keeps the section", () => {
    expect(landingHref("pt")).toBe("/");
    expect(landingHref("en", "#pricing")).toBe("/en#pricing");
    expect(landingHref("es")).toBe("/es");
  });
});
