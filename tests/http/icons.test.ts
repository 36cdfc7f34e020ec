import request from "supertest";
import { describe, expect, it } from "vitest";
import { FEATURE_ICONS, FEATURE_KEYS } from "../../src/content/features";
import { SEGMENTS, SEGMENT_KEYS } from "../../src/content/segments";
import { copy } from "../copy";
import { LANDING_PAGES } from "../fixtures";
import { parsePage, textOf } from "./dom";
import { makeApp } from "./helpers";

const app = makeApp();
/** A served file's bytes as text (supertest leaves image/svg+xml unparsed). */
const textAt = async (url: string) => Buffer.from((await request(app).get(url).responseType("blob")).body).toString();

/** The sprite URL and symbol id an icon points at (its one `<use href>`). */
const useOf = (svg: Element) => svg.querySelector("use")!.getAttribute("href")!.split("#");
/** The sprite every icon of the page points into (the first `<use>`'s file). */
const spriteOf = (document: Document) => {
  const [url] = useOf(document.querySelector("svg:has(use)")!);
  expect(url).toMatch(/^\/assets\/icons-[\w-]+\.svg$/);
  return url;
};

/** A decorative icon: hidden from assistive technology, nothing that could give it a name. */
function expectDecorative(svg: Element) {
  expect(svg.classList.contains("icon"), svg.outerHTML).toBe(true);
  expect(svg.getAttribute("aria-hidden"), svg.outerHTML).toBe("true");
  for (const attribute of ["aria-label", "aria-labelledby", "role"]) expect(svg.hasAttribute(attribute)).toBe(false);
  expect(svg.querySelector("title, desc")).toBeNull();
}

describe("icons (decision 023)", () => {
  it.each(LANDING_PAGES)(
    "%s: every feature and every industry item shows its own icon, decorative, from the sprite",
    async (path) => {
      const page = parsePage((await request(app).get(path)).text);
      const sprite = spriteOf(page.document);
      const symbols = await textAt(sprite);
      const lang = path === "/" ? "pt" : (path.slice(1) as "en" | "es");
      /** The items of the list in the section headed by this catalogue key's text. */
      const items = (title: string) => [
        ...page.getByRole("region", { name: copy(lang, title) }).querySelector("ul")!.children,
      ];
      const features = items("features.title");
      const industries = items("industries.title");
      const expected = [
        ...features.map((item, i) => [item, FEATURE_ICONS[FEATURE_KEYS[i]]] as const),
        ...industries.map((item, i) => [item, SEGMENTS[SEGMENT_KEYS[i]].icon] as const),
      ];
      expect(expected).toHaveLength(36);
      for (const [item, icon] of expected) {
        const svgs = item.querySelectorAll("svg");
        expect(svgs, item.outerHTML).toHaveLength(1);
        expectDecorative(svgs[0]);
        const [url, id] = useOf(svgs[0]);
        expect(url).toBe(sprite);
        expect(id).toBe(icon);
        expect(symbols).toContain(`<symbol id="${id}" viewBox="0 0 24 24"`); // the sprite's bytes
        // The item still says what it is in words, outside the icon.
        const words = [...item.childNodes].filter((node) => node !== svgs[0]).map(textOf);
        expect(words.join("").trim(), item.outerHTML).not.toBe("");
      }
    },
  );

  it("every icon on the page is decorative and points into the one sprite", async () => {
    const { document } = parsePage((await request(app).get("/")).text);
    const icons = [...document.body.querySelectorAll("svg:has(use)")];
    expect(icons.length).toBeGreaterThan(36);
    const sprites = new Set(icons.map((svg) => useOf(svg)[0]));
    expect(sprites.size).toBe(1);
    for (const svg of icons) expectDecorative(svg);
  });

  it("serves the sprite content-hashed, immutable, compressed, as SVG with every symbol the pages use", async () => {
    const { document } = parsePage((await request(app).get("/es")).text);
    const sprite = spriteOf(document);
    const res = await request(app).get(sprite).set("Accept-Encoding", "br");
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("image/svg+xml");
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(res.headers["content-encoding"]).toBe("br");
    const symbols = await textAt(sprite);
    const used = new Set([...document.querySelectorAll("use")].map((use) => use.getAttribute("href")!.split("#")[1]));
    for (const id of used) expect(symbols, id).toContain(`<symbol id="${id}"`);
  });

  it("puts no icon on the legal pages, which keep to the plain header and footer", async () => {
    for (const path of ["/privacy", "/terms"]) {
      const { document } = parsePage((await request(app).get(path)).text);
      expect(document.querySelectorAll("use, svg.icon"), path).toHaveLength(0);
    }
  });
});
