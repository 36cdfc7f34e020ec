/**
 * Islands appear once per page (docs/architecture.md, src/shared/islandMarkers.ts): the root,
 * the props' id and the identifierPrefix the client reads back all come from the island's name,
 * and the shell refuses a page that renders one island twice.
 */
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { renderDocument } from "../../views/document";
import { parsePage } from "../../tests/http/dom";
import { islandSelector, propsId } from "../shared/islandMarkers";
import { IslandRoot } from "./Island";

const page = (body: string) => renderDocument({ htmlLang: "pt-BR", title: "t", description: "d", css: "", body });
const root = (name: "header" | "calculator") => <IslandRoot name={name} html="<p>x</p>" json="{}" />;

describe("island markers", () => {
  it("writes the root and the props' id the client looks up by name", () => {
    // Found as the client finds them: the root by its selector, the props by their id.
    const { document } = parsePage(renderToString(root("calculator")));
    const island = document.querySelectorAll(islandSelector("calculator"));
    expect(island).toHaveLength(1);
    expect(island[0].innerHTML).toBe("<p>x</p>");
    const props = document.getElementById(propsId("calculator"))!;
    expect([props.tagName, props.getAttribute("type"), props.textContent]).toEqual([
      "SCRIPT",
      "application/json",
      "{}",
    ]);
  });

  it("a page with each island once renders", () => {
    const body = renderToString(
      <main>
        {root("header")}
        {root("calculator")}
      </main>,
    );
    expect(parsePage(page(body)).getByRole("main").children).toHaveLength(4); // two roots, two props
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
