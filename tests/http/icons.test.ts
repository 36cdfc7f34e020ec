import request from "supertest";
import { describe, expect, it } from "vitest";
import { FEATURE_ICONS, FEATURE_KEYS } from "../../src/content/features";
import { SEGMENTS, SEGMENT_KEYS } from "../../src/content/segments";
import { makeApp } from "./helpers";

const app = makeApp();
/** A served file's bytes as text (supertest leaves image/svg+xml unparsed). */
const textAt = async (url: string) => Buffer.from((await request(app).get(url).responseType("blob")).body).toString();

/** The <svg> elements inside an HTML fragment. */
const svgsOf = (html: string) => [...html.matchAll(/<svg[^>]*>[\s\S]*?<\/svg>/g)].map((m) => m[0]);
/** The sprite URL and symbol id an icon points at. */
const useOf = (svg: string) => svg.match(/<use href="(\/assets\/icons-[\w-]+\.svg)#([\w-]+)"/);

/** A decorative icon: hidden from assistive technology, nothing that could give it a name. */
function expectDecorative(svg: string) {
  expect(svg).toMatch(/^<svg class="icon[^"]*" aria-hidden="true">/);
  expect(svg).not.toMatch(/aria-label|aria-labelledby|role=|<title|<desc/);
}

describe("icons (decision 023)", () => {
  it.each(["/", "/en", "/es"])(
    "%s: every feature and every industry item shows its own icon, decorative, from the sprite",
    async (path) => {
      const html = (await request(app).get(path)).text;
      const sprite = html.match(/\/assets\/icons-[\w-]+\.svg/)![0];
      const symbols = await textAt(sprite);

      const features = [...html.matchAll(/<li class="feature">([\s\S]*?)<\/li>/g)].map((m) => m[1]);
      const industries = [
        ...html.match(/<ul class="industry-grid">([\s\S]*?)<\/ul>/)![1].matchAll(/<li>(.*?)<\/li>/g),
      ].map((m) => m[1]);
      const expected = [
        ...features.map((item, i) => [item, FEATURE_ICONS[FEATURE_KEYS[i]]] as const),
        ...industries.map((item, i) => [item, SEGMENTS[SEGMENT_KEYS[i]].icon] as const),
      ];
      expect(expected).toHaveLength(36);
      for (const [item, icon] of expected) {
        const svgs = svgsOf(item);
        expect(svgs, item).toHaveLength(1);
        expectDecorative(svgs[0]);
        const [, url, id] = useOf(svgs[0])!;
        expect(url).toBe(sprite);
        expect(id).toBe(icon);
        expect(symbols).toContain(`<symbol id="${id}" viewBox="0 0 24 24"`);
        // The item still says what it is in words, outside the icon.
        expect(
          item
            .replace(svgs[0], "")
            .replace(/<[^>]+>/g, "")
            .trim(),
        ).not.toBe("");
      }
    },
  );

  it("every icon on the page is decorative and points into the one sprite", async () => {
    const html = (await request(app).get("/")).text;
    const body = html.slice(html.indexOf("<body"));
    const icons = svgsOf(body).filter((svg) => svg.includes("<use "));
    expect(icons.length).toBeGreaterThan(36);
    const sprites = new Set(icons.map((svg) => useOf(svg)![1]));
    expect(sprites.size).toBe(1);
    for (const svg of icons) expectDecorative(svg);
  });

  it("serves the sprite content-hashed, immutable, compressed, as SVG with every symbol the pages use", async () => {
    const html = (await request(app).get("/es")).text;
    const sprite = html.match(/\/assets\/icons-[\w-]+\.svg/)![0];
    const res = await request(app).get(sprite).set("Accept-Encoding", "br");
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("image/svg+xml");
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(res.headers["content-encoding"]).toBe("br");
    const symbols = await textAt(sprite);
    const used = new Set([...html.matchAll(/<use href="[^"#]+#([\w-]+)"/g)].map((m) => m[1]));
    for (const id of used) expect(symbols, id).toContain(`<symbol id="${id}"`);
  });

  it("puts no icon on the legal pages, which keep to the plain header and footer", async () => {
    for (const path of ["/privacy", "/terms"]) {
      const html = (await request(app).get(path)).text;
      expect(html, path).not.toContain("<use ");
    }
  });
});
