/**
 * docs/campaigns.md is what a marketer reads to point an ad at a page: it must list every segment
 * page with its reference, and every variant the catalogues ship with its URL and reference, so
 * adding a segment or a variant without listing it fails here.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { SEGMENTS, SEGMENT_KEYS, segmentPath } from "./segments";
import { sourceRef } from "./source";
import { variantsOf } from "./variants";
import { LANGS, landingHref } from "../shared/languages";

const guide = readFileSync(new URL("../../docs/campaigns.md", import.meta.url), "utf8");
const rows = guide.split("\n").filter((line) => line.startsWith("|"));

describe("docs/campaigns.md", () => {
  it.each(SEGMENT_KEYS)("lists %s with its reference and its three paths", (key) => {
    const row = rows.find((line) => line.startsWith(`| ${key} | \`${SEGMENTS[key].ref}\` |`));
    expect(row, key).toBeDefined();
    for (const lang of LANGS) expect(row).toContain(`\`${segmentPath(lang, key)}\``);
  });

  it("lists every shipped variant with its URL and reference", () => {
    const pages = ["home", ...SEGMENT_KEYS] as const;
    const shipped = LANGS.flatMap((lang) =>
      pages.flatMap((page) =>
        variantsOf(lang, page).map((code) => {
          const path = page === "home" ? landingHref(lang) : segmentPath(lang, page);
          return `| \`${path}?v=${code}\` | \`${sourceRef({ page, variant: code })}\` |`;
        }),
      ),
    );
    expect(shipped.length).toBeGreaterThan(0);
    for (const entry of shipped)
      expect(
        rows.some((line) => line.endsWith(entry)),
        entry,
      ).toBe(true);
  });
});
