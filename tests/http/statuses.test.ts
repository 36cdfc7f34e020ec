/** Statuses: HEAD, the 404 page in the path's language, 405 with Allow, 400 and 500 pages without detail. */
import request from "supertest";
import { describe, expect, it } from "vitest";
import { copy } from "../copy";
import { parsePage } from "./dom";
import { makeApp } from "./helpers";

const app = makeApp();

describe("statuses", () => {
  it("HEAD answers like GET without a body", async () => {
    for (const path of ["/", "/privacy", "/terms"]) {
      const res = await request(app).head(path).expect(200);
      expect(res.text ?? "").toBe("");
      expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
    }
  });

  it.each([
    ["/nope", "pt-BR", "pt", "/"],
    ["/en/nope", "en", "en", "/en"],
    ["/es/a/b/c", "es", "es", "/es"],
  ] as const)("%s is a real 404 page in its language with a way home", async (path, htmlLang, lang, home) => {
    const res = await request(app).get(path).expect(404);
    expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
    const page = parsePage(res.text);
    expect(page.lang).toBe(htmlLang);
    expect(page.getByRole("heading", { level: 1, name: copy(lang, "notFound.title") })).toBeTruthy();
    expect(page.hrefsNamed(copy(lang, "notFound.home"))).toEqual([home]);
    expect(page.meta("robots")).toEqual(["noindex"]);
  });

  it.each(["post", "put", "delete", "patch", "options"] as const)(
    "%s on a known route is 405 with Allow: GET, HEAD",
    async (method) => {
      for (const path of ["/", "/privacy", "/terms"]) {
        const res = await request(app)[method](path);
        expect(res.status, `${method} ${path}`).toBe(405);
        expect(res.headers.allow).toBe("GET, HEAD");
      }
    },
  );

  it.each(["/%E0%A4%A", "/%", "/privacy%ZZ", "/assets/%C0%AE%C0%AE/x"])(
    "malformed percent-encoding %s is a 400 page",
    async (path) => {
      const res = await request(app).get(path).expect(400);
      expect(
        parsePage(res.text).getByRole("heading", { level: 1, name: copy("pt", "error.badRequest.title") }),
      ).toBeTruthy();
    },
  );

  it("an internal failure is a 500 page with no stack and no detail", async () => {
    const broken = makeApp({}, () => {
      throw new Error("secret detail");
    });
    const res = await request(broken).get("/");
    expect(res.status).toBe(500);
    expect(res.text).not.toContain("secret detail");
    expect(res.text).not.toMatch(/\bat .*\.ts:\d+/);
  });
});
