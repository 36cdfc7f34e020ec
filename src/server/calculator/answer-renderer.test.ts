/**
 * createAnswerRenderer() on any page that holds the calculator island (the landing pages, the
 * segment pages): the answer is that page with the island rendered for the query, its CSP hashes
 * are the whole page's in document order, the page is rendered once per key and day, and a page
 * without the island (or with it twice) fails loudly, naming the page.
 */
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../config";
import { inlineHashes } from "../security";
import { createAnswerRenderer } from ".";

const answers = createAnswerRenderer(loadConfig({}).page, "es");
const QUERY = { leads: "2000", interactions: "6" };

/** A page of some other kind: its own text and inline script around the island. */
const page = (island: string) => `<!doctype html><p>segmento</p><script>a()</script>${island}<script>b()</script>`;

describe("the calculator answer in a page given by its key and render", () => {
  it("is that page with the island for the query, in every encoding, hashed in document order", () => {
    const expected = page(answers.island(QUERY));
    const answer = answers.answer("2026-06-15", "segment:dental:es", () => page(answers.island({})), QUERY);
    expect(answer.body("identity").toString()).toBe(expected);
    expect(brotliDecompressSync(answer.body("br")).toString()).toBe(expected);
    expect(gunzipSync(answer.body("gzip")).toString()).toBe(expected);
    expect(answer.hashes).toEqual(inlineHashes(expected));
    expect(answers.island(QUERY)).not.toBe(answers.island({}));
  });

  it("renders the page once per key and day", () => {
    let renders = 0;
    const render = () => (renders++, page(answers.island({})));
    for (const day of ["2026-06-15", "2026-06-15", "2026-06-16", "2026-06-16"])
      for (const key of ["segment:gym:es", "landing:es"]) answers.answer(day, key, render, QUERY);
    expect(renders).toBe(4);
  });

  it.each([
    ["without the island", () => "<p>no calculator</p>", "is not in the page"],
    ["with the island twice", () => page(answers.island({})) + answers.island({}), "in the page twice"],
  ])("a page %s: an error naming the page", (_, render, message) => {
    expect(() => answers.answer("2026-06-15", "segment:odd:es", render, QUERY)).toThrow(
      `segment:odd:es: the calculator island`,
    );
    expect(() => answers.answer("2026-06-15", "segment:odd2:es", render, QUERY)).toThrow(message);
  });
});
