import request from "supertest";
import { describe, expect, it } from "vitest";
import { t } from "../../src/content/catalogue";
import { LANGS, landingHref } from "../../src/shared/languages";
import { parsePage } from "./dom";
import { makeApp } from "./helpers";

const SITE = "https://www.xia.test";
const app = makeApp({ SITE_URL: SITE });
const meta = (html: string, key: string): string | undefined => parsePage(html).meta(key)[0];

/** Width and height from a PNG's header (signature, then the IHDR chunk), or null if it is no PNG. */
function pngSize(png: Buffer): [number, number] | null {
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  if (!png.subarray(0, 8).equals(signature) || png.subarray(12, 16).toString() !== "IHDR") return null;
  return [png.readUInt32BE(16), png.readUInt32BE(20)];
}

describe("link previews per language", () => {
  const pages = LANGS.map((lang) => [landingHref(lang), lang] as const);

  it("each language's page points og:image and twitter:image at its own image, with alt text in that language", async () => {
    const images = new Set<string>();
    const alts = new Set<string>();
    for (const [path, lang] of pages) {
      const html = (await request(app).get(path)).text;
      const image = meta(html, "og:image")!;
      expect(image, path).toBe(`${SITE}/og-image-${lang}.png`);
      expect(meta(html, "twitter:image"), path).toBe(image);
      const alt = meta(html, "og:image:alt")!;
      expect(alt, path).toBe(t(lang, "meta.ogImageAlt", { brand: "XIA" }));
      expect(meta(html, "twitter:image:alt"), path).toBe(alt);
      images.add(image);
      alts.add(alt);
    }
    expect(images.size).toBe(LANGS.length);
    expect(alts.size).toBe(LANGS.length);
  });

  it.each(pages)("%s: the image it names is served as a 1200×630 PNG, different from the others", async (path) => {
    const html = (await request(app).get(path)).text;
    const res = await request(app)
      .get(new URL(meta(html, "og:image")!).pathname)
      .responseType("blob");
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("image/png");
    const png = Buffer.from(res.body);
    expect(pngSize(png)).toEqual([1200, 630]);
    const others = await Promise.all(
      pages
        .filter(([p]) => p !== path)
        .map(async ([, l]) => Buffer.from((await request(app).get(`/og-image-${l}.png`).responseType("blob")).body)),
    );
    for (const other of others) expect(png.equals(other)).toBe(false);
  });

  it("the legal pages, in Portuguese, use the Portuguese preview", async () => {
    for (const path of ["/privacy", "/terms"]) {
      const html = (await request(app).get(path)).text;
      expect(meta(html, "og:image"), path).toBe(`${SITE}/og-image-pt.png`);
    }
  });
});
