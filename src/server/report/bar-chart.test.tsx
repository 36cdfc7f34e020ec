import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { reportText } from "../../content/catalogue";
import { BarChart } from "./BarChart";
import type { ReportRow } from "./model";

const row = (campaign: string, content: string, leads: number): ReportRow => ({
  key: { campaign, content },
  leads,
  qualified: 0,
  won: 0,
  value: {},
  cost: {},
});
// The SVG's text nodes (labels and bar values), the <title>s and <desc> apart.
const texts = (svg: string) =>
  [...svg.replace(/<title>.*?<\/title>|<desc[^>]*>.*?<\/desc>/g, "").matchAll(/<text[^>]*>([^<]*)</g)].map((m) => m[1]);

describe("the breakdown's chart", () => {
  it("names a row's first level once above its rows, the text alternative whole", () => {
    // Most leads first: A's first ad, B's ad, A's second ad.
    const rows = [row("Campanha A", "ad-1", 5), row("Campanha B", "ad-2", 4), row("Campanha A", "ad-3", 3)];
    const svg = renderToString(<BarChart rows={rows} lines={(r) => [r.key.campaign!, r.key.content!]} id="bars" />);
    const labels = texts(svg).filter((t) => !/^\d+$/.test(t));
    expect(labels).toEqual(["Campanha A", "ad-1", "ad-3", "Campanha B", "ad-2"]);
    // The leads' bars in the drawing order, on one scale.
    expect(texts(svg).filter((t) => /^\d+$/.test(t) && t !== "0")).toEqual(["5", "3", "4"]);
    const desc = reportText("report.bars.summary", { count: 3, top: "Campanha A · ad-1", leads: 5 });
    expect(svg).toContain(`>${desc}</desc>`);
  });

  it("keeps one label per row with one level", () => {
    const rows = [row("Campanha A", "ad-1", 2), row("Campanha A", "ad-2", 1)];
    const svg = renderToString(<BarChart rows={rows} lines={(r) => [r.key.campaign!]} id="bars" />);
    expect(texts(svg).filter((t) => !/^\d+$/.test(t))).toEqual(["Campanha A", "Campanha A"]);
  });
});
