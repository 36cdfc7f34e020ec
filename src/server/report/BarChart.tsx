/**
 * The breakdown's chart (issue 36 item 4, decision 094): for the rows with most leads, a label on
 * its own lines, one per dimension (never clipped: cut past 34 characters, what fits a 320 px
 * screen, or 90 from 768 px, with an ellipsis and the whole name in a <title>; the table has it whole) and three bars (leads, qualified, sales), every bar on the same scale:
 * the largest row's leads fill the width. Drawn on the server as SVG with percentage widths, so it
 * fits any screen without scaling its text; a legend, a title and a text alternative.
 */
import { reportText as r } from "../../content/catalogue";
import { count } from "./format";
import type { ReportRow } from "./model";

export const CHART_ROWS = 12;
export const SERIES = [
  { field: "leads", className: "s-leads", label: "report.col.leads" },
  { field: "qualified", className: "s-qualified", label: "report.col.qualified" },
  { field: "won", className: "s-won", label: "report.col.won" },
] as const;
const LINE = 17;
const BAR = 12;
const GAP = 3;
const BARS = SERIES.length * (BAR + GAP) + 12;
/** The longest bar, in percent of the width: the rest holds its number. */
const FULL = 84;
const MAX_LABEL = 34;
/** From 768 px the label has room for this much (the stylesheet shows one text or the other). */
const MAX_WIDE_LABEL = 90;
const cut = (text: string, max = MAX_LABEL) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

export function Legend({ spend = false }: { spend?: boolean }) {
  return (
    <ul className="legend">
      {SERIES.map((s) => (
        <li key={s.field}>
          <span className={`swatch ${s.className}`} aria-hidden="true" />
          {r(s.label)}
        </li>
      ))}
      {spend && (
        <li>
          <span className="swatch s-cost" aria-hidden="true" />
          {r("report.col.cost")}
        </li>
      )}
    </ul>
  );
}

/** A label line: cut past `MAX_LABEL` (and `MAX_WIDE_LABEL` from 768 px) with the whole text in a <title>. */
function Line({ text, y, className }: { text: string; y: number; className: string }) {
  if (text.length <= MAX_LABEL)
    return (
      <text x="0" y={y} className={className}>
        {text}
      </text>
    );
  return [MAX_LABEL, MAX_WIDE_LABEL].map((max) => (
    <text key={max} x="0" y={y} className={`${className} ${max === MAX_LABEL ? "narrow" : "wide"}`}>
      {cut(text, max)}
      <title>{text}</title>
    </text>
  ));
}

/**
 * The chart's rows in drawing order: with two levels, grouped under their first level (groups in the
 * order of their first row, rows in their own order), whose name is drawn once above its rows.
 */
export function groupsOf(rows: readonly ReportRow[], lines: (row: ReportRow) => string[]) {
  const groups = new Map<string, { parent: string | null; rows: { row: ReportRow; text: string[] }[] }>();
  for (const row of rows) {
    const text = lines(row);
    const parent = text.length > 1 ? text[0] : null;
    const key = parent ?? `\u0000${groups.size}`;
    if (!groups.has(key)) groups.set(key, { parent, rows: [] });
    groups.get(key)!.rows.push({ row, text: parent === null ? text : text.slice(1) });
  }
  return [...groups.values()];
}

/** Where each group's name and each row are drawn: a group's name takes a line, a row `rowHeight`. */
function layoutOf(groups: ReturnType<typeof groupsOf>, rowHeight: number) {
  let y = 0;
  const placed = groups.map((group) => {
    const head = y;
    if (group.parent !== null) y += LINE;
    const rows = group.rows.map((r) => {
      y += rowHeight;
      return { ...r, y: y - rowHeight };
    });
    return { parent: group.parent, head, rows };
  });
  return { placed, height: y };
}

export function BarChart(props: {
  rows: readonly ReportRow[];
  /** A row's label per dimension (one line each). */
  lines: (row: ReportRow) => string[];
  id: string;
}) {
  const { rows, lines, id } = props;
  const label = (row: ReportRow) => lines(row).join(" · ");
  const shown = rows.slice(0, CHART_ROWS);
  const max = Math.max(1, ...shown.map((row) => row.leads));
  const groups = groupsOf(shown, lines);
  const depth = Math.max(1, ...groups.flatMap((g) => g.rows.map((r) => r.text.length)));
  const ROW = depth * LINE + 6 + BARS;
  const { placed, height } = layoutOf(groups, ROW);
  const top = shown[0];
  const summary = top
    ? r("report.bars.summary", { count: shown.length, top: label(top), leads: top.leads })
    : r("report.empty");
  return (
    <figure className="chart">
      <figcaption id={`${id}-title`}>{r("report.bars.title", { count: shown.length })}</figcaption>
      <Legend />
      <svg
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        width="100%"
        height={height}
        className="bars"
        focusable="false"
      >
        <title>{r("report.bars.title", { count: shown.length })}</title>
        <desc id={`${id}-desc`}>{summary}</desc>
        {placed.map((group, g) => (
          <g key={g}>
            {group.parent !== null && <Line text={group.parent} y={group.head + 14} className="chart-label" />}
            {group.rows.map(({ row, text, y }, i) => (
              <g key={i}>
                {text.map((t, l) => (
                  <Line
                    key={l}
                    text={t}
                    y={y + 14 + l * LINE}
                    className={l || group.parent !== null ? "chart-value" : "chart-label"}
                  />
                ))}
                {SERIES.map(({ field, className }, s) => {
                  const pct = (row[field] / max) * FULL;
                  const by = y + depth * LINE + 6 + s * (BAR + GAP);
                  return (
                    <g key={field}>
                      <rect x="0" y={by} width={`${pct.toFixed(2)}%`} height={BAR} className={className} />
                      <text x={`${pct.toFixed(2)}%`} dx="4" y={by + BAR - 1} className="chart-value">
                        {count(row[field])}
                      </text>
                    </g>
                  );
                })}
              </g>
            ))}
          </g>
        ))}
      </svg>
    </figure>
  );
}
