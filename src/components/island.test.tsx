/**
 * Islands appear once per page (docs/architecture.md, src/shared/islandMarkers.ts): the root,
 * the props' id and the identifierPrefix the client reads back all come from the island's name,
 * and the shell refuses a page that renders one island twice.
 */
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { renderDocument } from "../../views/document";
import { islandSelector, propsId } from "../shared/islandMarkers";
import { IslandRoot } from "./Island";

const page = (body: string) => renderDocument({ htmlLang: "pt-BR", title: "t", description: "d", css: "", body });
const root = (name: "header" | "calculator") => <IslandRoot name={name} html="<p>x</p>" json="{}" />;

describe("island markers", () => {
  it("writes the root and the props' id the client looks up by name", () => {
    const html = renderToString(root("calculator"));
    expect(html).toContain(`<div class="island" ${islandSelector("calculator").slice(1, -1)}>`);
    expect(html).toContain(`<script type="application/json" id="${propsId("calculator")}">{}</script>`);
  });

  it("a page with each island once renders", () => {
    const body = renderToString(
      <main>
        {root("header")}
        {root("calculator")}
      </main>,
    );
    expect(page(body)).toContain("<main>");
  });

  it("a page that renders an island twice fails at render time, naming it", () => {
    const body = renderToString(
      <main>
        {root("header")}
        {root("calculator")}
        <section>{root("calculator")}</section>
      </main>,
    );
    expect(() => page(body)).toThrow(/island "calculator" is rendered twice on one page/);
  });
});
