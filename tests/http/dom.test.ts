/** The page reader the HTTP tests share (tests/http/dom.ts) reads a page as a visitor does. */
import request from "supertest";
import { describe, expect, it } from "vitest";
import { copy } from "../copy";
import { parsePage, sectionOf, textOf } from "./dom";
import { makeApp } from "./helpers";

const PAGE = `<!DOCTYPE html><html lang="en"><head><title>A &amp; B</title>
<meta name="description" content="About"><meta property="og:locale:alternate" content="pt_BR">
<meta property="og:locale:alternate" content="es_LA"><link rel="canonical" href="https://x.test/en">
<style>.a{display:none}</style><script>document.title = "changed"</script></head><body>
<nav aria-label="Main"><ul><li><a href="#one">One</a></li><li><a href="#two">Two</a></li></ul></nav>
<section aria-labelledby="s1"><h2 id="s1">First</h2><p>From <strong>R$&nbsp;197</strong>/mês</p>
<section aria-labelledby="s2"><h3 id="s2">Inner</h3><p>Deep</p></section></section>
<p hidden><a href="#one">Hidden</a></p><a class="a" href="#two" aria-label="Second">2</a>
<script type="application/json">{"not":"text"}</script></body></html>`;

describe("parsePage", () => {
  const page = parsePage(PAGE);

  it("reads the head: title (scripts not run), lang, meta by name or property, links by rel", () => {
    expect(page.title).toBe("A & B");
    expect(page.lang).toBe("en");
    expect(page.meta("description")).toEqual(["About"]);
    expect(page.meta("og:locale:alternate")).toEqual(["pt_BR", "es_LA"]);
    expect(page.headLinks("canonical").map((l) => l.getAttribute("href"))).toEqual(["https://x.test/en"]);
  });

  it("reads text as a visitor: blocks apart, emphasis running on, no scripts or styles", () => {
    expect(page.text).toBe("One Two First From R$ 197/mês Inner Deep Hidden 2");
    expect(textOf(sectionOf(page.getByRole("heading", { name: "Inner" })))).toBe("Inner Deep");
    expect(textOf(sectionOf(page.getByRole("heading", { level: 2 })))).toBe("First From R$ 197/mês Inner Deep");
  });

  it("finds by role and accessible name; hidden is left out, CSS is not applied", () => {
    expect(page.getByRole("navigation", { name: "Main" })).toBeTruthy();
    expect(page.getAllByRole("link").map((a) => a.textContent)).toEqual(["One", "Two", "2"]);
    expect(page.hrefsNamed("Second")).toEqual(["#two"]);
    expect(page.linksTo("#one")).toHaveLength(2); // by target: the hidden one too
    expect(page.queryByRole("heading", { name: "Nope" })).toBeNull();
    expect(() => page.getByRole("heading", { name: "Nope" })).toThrow(/heading/);
  });

  it("parses the same HTML once", () => {
    expect(parsePage(PAGE)).toBe(page);
  });

  it("reads a real page: the landing page's FAQ heading, main navigation and footer", async () => {
    const landing = parsePage((await request(makeApp()).get("/en")).text);
    expect(landing.getByRole("heading", { level: 2, name: copy("en", "faq.title") })).toBeTruthy();
    expect(landing.getByRole("main")).toBeTruthy();
    expect(landing.getByRole("contentinfo")).toBeTruthy();
  });
});
