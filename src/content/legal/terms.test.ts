import { describe, expect, it } from "vitest";
import { ALL_MEASUREMENT_ENV } from "../../../tests/fixtures";
import { loadConfig } from "../../server/config";
import { termsOutline } from "./terms";

const outline = (env: Record<string, string> = {}) => termsOutline(loadConfig(env).page);

describe("the terms outline", () => {
  it("has the same sections whatever is measured; only the values in its messages follow the settings", () => {
    const plain = outline();
    expect(plain.parts.map((p) => p.id)).toEqual([
      ...["prestador", "servico", "planos-e-creditos", "uso-aceitavel", "suspensao-e-encerramento"],
      ...["alteracoes", "privacidade", "lei"],
    ]);
    expect(outline(ALL_MEASUREMENT_ENV).parts).toEqual(plain.parts);
    const named = outline({
      BRAND_NAME: "Vendebot",
      COMPANY_NAME: "Vendebot Ltda.",
      APP_URL: "https://app.vendebot.test",
    });
    expect(named.args).toMatchObject({ brand: "Vendebot", company: "Vendebot Ltda.", appHost: "app.vendebot.test" });
  });

  it("links the privacy page", () => {
    const privacy = outline().parts.find((p) => p.id === "privacidade");
    expect(privacy?.blocks).toEqual([
      { text: "terms.privacy.text", link: { href: "/privacy", label: "terms.privacy.link" } },
    ]);
  });
});
