/**
 * What ships JavaScript (decision 029): one module script on the landing page, never render-blocking,
 * the head snippet on / only; none on the legal, 404 and error pages; islands get finished strings.
 */
import request from "supertest";
import { describe, expect, it } from "vitest";
import { parsePage } from "./dom";
import { makeApp } from "./helpers";

const app = makeApp();

describe("what ships JavaScript", () => {
  it("the legal, 404 and error pages ship no JavaScript at all (decision 029)", async () => {
    for (const [path, status] of [
      ["/privacy", 200],
      ["/terms", 200],
      ["/privacy?lang=en", 200],
      ["/terms?lang=es", 200],
      ["/nope", 404],
      ["/en/nope", 404],
      ["/es/nope", 404],
      ["/", 405],
    ] as const) {
      const res = await (status === 405 ? request(app).delete(path) : request(app).get(path)).expect(status);
      const { document } = parsePage(res.text);
      expect(document.querySelectorAll("script"), path).toHaveLength(0);
      expect(document.querySelector("[data-app-url]"), path).toBeNull();
    }
  });

  it("the landing page has one module script (never render-blocking), the head snippet on / only, and JSON data", async () => {
    for (const path of ["/", "/en"]) {
      const scripts = [...parsePage((await request(app).get(path)).text).document.querySelectorAll("script")];
      const kinds = scripts.map((s) =>
        s.attributes.length === 0 ? "inline" : (s.getAttribute("type") ?? `untyped ${s.outerHTML}`),
      );
      const modules = scripts.filter((s) => s.type === "module");
      expect(modules).toHaveLength(1);
      // The entry names the islands' code it imports on demand (decision 027); nothing else about it.
      const [entry] = modules;
      expect([...entry.attributes].map((a) => a.name).sort()).toEqual(["data-islands", "src", "type"]);
      expect(entry.getAttribute("src")).toMatch(/^\/assets\/main-\w+\.js$/);
      expect(entry.dataset.islands).toMatch(/^\/assets\/islands-\w+\.js$/);
      expect(entry.textContent).toBe("");
      expect(kinds.filter((k) => !["module", "application/json", "application/ld+json", "inline"].includes(k))).toEqual(
        [],
      );
      expect(kinds.filter((k) => k === "inline")).toHaveLength(path === "/" ? 1 : 0);
    }
  });

  it("the inline head snippet is at most 600 bytes", async () => {
    const scripts = [...parsePage((await request(app).get("/")).text).document.querySelectorAll("script")];
    const [snippet] = scripts.filter((s) => s.attributes.length === 0);
    expect(Buffer.byteLength(snippet.textContent!)).toBeLessThanOrEqual(600);
  });

  it("islands get finished strings as props, never the catalogue", async () => {
    const { document } = parsePage((await request(app).get("/en")).text);
    const props = [...document.querySelectorAll('script[type="application/json"]')];
    expect(props.map((script) => script.id)).toEqual(["props-header", "props-calculator"]);
    for (const json of props.map((script) => script.textContent!)) {
      expect(json).not.toMatch(/"(hero|features|faq)\./);
      expect(Buffer.byteLength(json)).toBeLessThan(3000);
    }
  });
});
